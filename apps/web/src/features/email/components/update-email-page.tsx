import { emailUpdateBodySchema, isHiddenRelayEmail } from "@hearth/contracts";
import { MailCheck, MailWarning } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { TextField } from "../../../components/ui/input";
import { PageSpinner } from "../../../components/ui/spinner";
import { fieldErrorsFromZod, splitApiError } from "../../../lib/field-errors";
import { useSession } from "../../../lib/session";
import { updateEmail } from "../api/update-email";

/** `/update-email`: hidden-relay and blocked-domain addresses are replaced by a real one. */
export function UpdateEmailPage() {
  const { user, reloadUser } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  if (!user) return <PageSpinner />;
  const reason =
    user.email && isHiddenRelayEmail(user.email)
      ? "Your account uses a hidden (private relay) email address. Please enter your real email address so you can recover your account and receive receipts."
      : "Your account's email address is on a domain we can't send mail to. Please enter another email address.";

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = emailUpdateBodySchema.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrorsFromZod(parsed.error).email ?? null);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const saved = await updateEmail({ email });
      setDone(saved.email);
      await reloadUser().catch(() => null);
    } catch (e) {
      const split = splitApiError(e, ["email"]);
      setError(split.fields.email ?? null);
      setFormError(split.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <div className="mb-5 flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-500/15 text-link">
          {done ? (
            <MailCheck aria-hidden="true" className="h-6 w-6" />
          ) : (
            <MailWarning aria-hidden="true" className="h-6 w-6" />
          )}
        </div>
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Update your email</h1>
        {!user.needs_email_update && !done ? (
          <>
            <p className="mt-2 text-sm text-text-2">
              Your email address{" "}
              {user.email ? <span className="font-medium text-text-1">{user.email}</span> : null} is all set.
              There's nothing to update.
            </p>
            <ButtonLink to="/" variant="secondary" className="mt-6 w-full">
              Back to home
            </ButtonLink>
          </>
        ) : done ? (
          <>
            <Alert tone="success" className="mt-4">
              Your email is now {done}.
            </Alert>
            <Button className="mt-6 w-full" onClick={() => navigate("/", { replace: true })}>
              Continue
            </Button>
          </>
        ) : (
          <>
            <p className="mt-2 text-sm text-text-2">
              {reason ?? "Change the email address of your account."}
            </p>
            {user.email ? (
              <p className="mt-3 truncate rounded-xl bg-surface-2 px-3.5 py-2.5 text-sm text-text-2">
                Current: <span className="font-medium text-text-1">{user.email}</span>
              </p>
            ) : null}
            <form noValidate onSubmit={(e) => void submit(e)} className="mt-6 flex flex-col gap-4">
              <TextField
                label="New email"
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                error={error}
                autoComplete="email"
                inputMode="email"
                required
              />
              {formError ? <Alert>{formError}</Alert> : null}
              <Button type="submit" size="lg" loading={busy}>
                Save email
              </Button>
            </form>
          </>
        )}
      </Card>
    </div>
  );
}
