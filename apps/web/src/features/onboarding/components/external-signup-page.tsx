import { externalUserBodySchema, PROFILE_LIMITS } from "@hearth/contracts";
import { Handshake } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { TextField } from "../../../components/ui/input";
import { PageSpinner } from "../../../components/ui/spinner";
import { UsernameAvailabilityNote } from "../../../components/ui/username-availability";
import { type FieldErrors, fieldErrorsFromZod, splitApiError } from "../../../lib/field-errors";
import { useSession } from "../../../lib/session";
import { useUsernameAvailability } from "../../../lib/use-username-availability";
import { createExternalUser } from "../api/create-external-user";

/** `/external/signup`: a partner user picks a name and username (external rules: at least 4 characters). */
export function ExternalSignupPage() {
  const { status, user, reloadUser } = useSession();
  const navigate = useNavigate();
  const [name, setName] = useState(user?.name ?? "");
  const [username, setUsername] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const availability = useUsernameAvailability(username, null, PROFILE_LIMITS.usernameMinExternal);

  if (status === "loading") return <PageSpinner />;
  if (status === "member" && user?.username) return <Navigate to="/" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = externalUserBodySchema.safeParse({ name, username });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await createExternalUser({ name, username });
      await reloadUser();
      navigate("/", { replace: true });
    } catch (error) {
      const split = splitApiError(error, ["name", "username"]);
      setErrors(split.fields);
      setFormError(split.message);
      setBusy(false);
    }
  }

  return (
    <div className="relative flex flex-1 items-start justify-center overflow-hidden px-4 py-10 sm:items-center sm:py-16">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 h-[28rem] w-[40rem] -translate-x-1/2 rounded-full bg-gradient-to-br from-brand-600/25 via-accent-500/15 to-transparent blur-3xl"
      />
      <Card className="relative w-full max-w-md p-6 sm:p-8">
        <div className="mb-5 flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-500/15 text-link">
          <Handshake aria-hidden="true" className="h-6 w-6" />
        </div>
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Finish signing up</h1>
        {status === "member" ? (
          <>
            <p className="mt-2 mb-6 text-sm text-text-2">
              Choose how you'll appear here. You can change it later in your profile.
            </p>
            <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
              <TextField
                label="Name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                error={errors.name}
                autoComplete="nickname"
                hint={`${PROFILE_LIMITS.nameMinExternal}-${PROFILE_LIMITS.nameMax} characters.`}
                required
              />
              <div className="flex flex-col gap-1">
                <TextField
                  label="Username"
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                  error={errors.username}
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  hint={`${PROFILE_LIMITS.usernameMinExternal}-${PROFILE_LIMITS.usernameMax} characters: letters, digits, _ and -.`}
                  required
                />
                <UsernameAvailabilityNote status={availability} />
              </div>
              {formError ? <Alert>{formError}</Alert> : null}
              <Button type="submit" size="lg" loading={busy}>
                Continue
              </Button>
            </form>
          </>
        ) : (
          <>
            <p className="mt-2 mb-6 text-sm text-text-2">
              Partner sign-up starts on our partner's site. Open this page from there to finish signing up.
            </p>
            <ButtonLink to="/" variant="secondary">
              Back to home
            </ButtonLink>
          </>
        )}
      </Card>
    </div>
  );
}
