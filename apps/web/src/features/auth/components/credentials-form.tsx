import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/input";
import { type FieldErrors, fieldErrorsFromZod, splitApiError } from "../../../lib/field-errors";
import { FormAlert } from "./form-alert";

const FIELDS = ["email", "password"] as const;

type CredentialsFormProps = {
  schema: z.ZodType<{ email: string; password: string }>;
  submitLabel: string;
  passwordAutoComplete: "current-password" | "new-password";
  passwordHint?: string;
  onSubmit: (email: string, password: string) => Promise<unknown>;
};

/** Email + password form validated with the contracts schema, showing server field errors too. */
export function CredentialsForm({
  schema,
  submitLabel,
  passwordAutoComplete,
  passwordHint,
  onSubmit,
}: CredentialsFormProps) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAlert(null);
    const parsed = schema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await onSubmit(parsed.data.email, parsed.data.password);
    } catch (error) {
      const { fields, message } = splitApiError(error, FIELDS);
      setErrors(fields);
      setAlert(message);
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <FormAlert message={alert} />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        required
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete={passwordAutoComplete}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        hint={passwordHint}
        required
      />
      <Button type="submit" size="lg" loading={pending} className="mt-2 w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
