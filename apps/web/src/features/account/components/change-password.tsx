import {
  ACCOUNT_SECURITY_MESSAGES,
  LIMITS,
  type PasswordChangeForm,
  passwordChangeFormSchema,
} from "@hearth/contracts";
import { KeyRound } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { cn } from "../../../components/ui/cn";
import { TextField } from "../../../components/ui/input";
import { type FieldErrors, fieldErrorsFromZod, splitApiError } from "../../../lib/field-errors";
import { useSession } from "../../../lib/session";
import { changePassword } from "../api/change-password";

const EMPTY: PasswordChangeForm = { current_password: "", new_password: "", confirm_password: "" };
const SERVER_FIELDS = ["current_password", "new_password"] as const;

/**
 * "Change password" on the profile page: the current password and the new one twice, checked with the
 * contracts' schema. On success this tab keeps a fresh session and every other one is signed out.
 * Accounts without a password (partner sign-in) are told why there is nothing to change.
 */
export function ChangePassword({ className }: { className?: string }) {
  const { user } = useSession();
  const headingId = useId();
  return (
    <Card
      className={cn("flex flex-col gap-5 p-5 sm:p-6", className)}
      role="region"
      aria-labelledby={headingId}
    >
      <div className="flex items-start gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-text-3" />
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-bold text-text-1">
            Change password
          </h2>
          <p className="text-sm text-text-3">
            {user?.has_password === false
              ? "You sign in through a partner site, so your account has no password to change."
              : "You stay signed in here; every other device and browser is signed out."}
          </p>
        </div>
      </div>
      {user?.has_password === false ? null : <ChangePasswordForm email={user?.email ?? null} />}
    </Card>
  );
}

function ChangePasswordForm({ email }: { email: string | null }) {
  const { adoptSession } = useSession();
  const [values, setValues] = useState<PasswordChangeForm>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [pending, setPending] = useState(false);

  const set = (field: keyof PasswordChangeForm) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setChanged(false);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    setChanged(false);
    const parsed = passwordChangeFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const { current_password, new_password } = parsed.data;
      adoptSession(await changePassword({ current_password, new_password }));
      setValues(EMPTY);
      setChanged(true);
    } catch (error) {
      const { fields, message } = splitApiError(error, SERVER_FIELDS);
      setErrors(fields);
      setAlert(message);
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
      {/* For password managers: whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={email ?? ""} readOnly hidden />
      <TextField
        label="Current password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        value={values.current_password}
        onChange={(e) => set("current_password")(e.target.value)}
        error={errors.current_password}
        required
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="New password"
          name="new_password"
          type="password"
          autoComplete="new-password"
          value={values.new_password}
          onChange={(e) => set("new_password")(e.target.value)}
          error={errors.new_password}
          hint={`At least ${LIMITS.passwordMin} characters.`}
          required
        />
        <TextField
          label="Confirm new password"
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          value={values.confirm_password}
          onChange={(e) => set("confirm_password")(e.target.value)}
          error={errors.confirm_password}
          required
        />
      </div>
      {alert ? <Alert>{alert}</Alert> : null}
      {changed ? <Alert tone="success">{ACCOUNT_SECURITY_MESSAGES.passwordChanged}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" loading={pending} className="w-full sm:w-auto">
          Change password
        </Button>
      </div>
    </form>
  );
}
