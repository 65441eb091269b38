import {
  externalUsernameSchema,
  FEATURE_FLAG_DEFAULTS,
  nameSchema,
  onboardingProblems,
  PROFILE_LIMITS,
} from "@hearth/contracts";
import { UserRoundPen } from "lucide-react";
import { type FormEvent, useContext, useState } from "react";
import { Link } from "react-router";
import { useAppConfig } from "../../../api/config";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/input";
import { UsernameAvailabilityNote } from "../../../components/ui/username-availability";
import { type FieldErrors, splitApiError } from "../../../lib/field-errors";
import { SessionContext } from "../../../lib/session";
import { useUsernameAvailability } from "../../../lib/use-username-availability";
import { saveOnboarding } from "../api/onboarding";
import { needsLegacyOnboarding } from "../lib/onboarding-visibility";
import { CheckboxField } from "./checkbox-field";

const FIELDS = ["username", "name", "age_confirmed", "toc_accepted"] as const;

/**
 * The older onboarding shown on home when onboarding_v2 is off: one inline card with the v1 rules
 * (username at least 4 characters). Renders nothing for everyone else.
 */
export function LegacyOnboarding() {
  // Read without useSession(): home also renders in tests and previews that have no session at all.
  const session = useContext(SessionContext);
  const config = useAppConfig();
  if (!session) return null;
  const { status, user, reloadUser } = session;
  const flagOn = config.data
    ? (config.data.flags.onboarding_v2 ?? FEATURE_FLAG_DEFAULTS.onboarding_v2)
    : true;
  if (!needsLegacyOnboarding(status, user, flagOn, config.data?.partner_mode ?? false)) return null;
  return <LegacyOnboardingCard onDone={() => reloadUser()} />;
}

function LegacyOnboardingCard({ onDone }: { onDone: () => Promise<unknown> }) {
  const [username, setUsername] = useState("");
  const [name, setName] = useState("");
  const [age, setAge] = useState(false);
  const [toc, setToc] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const availability = useUsernameAvailability(username, null, PROFILE_LIMITS.usernameMinExternal);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found: FieldErrors = onboardingProblems(
      { username, name, age_confirmed: age, toc_accepted: toc, guidelines_accepted: true },
      "guidelines",
    );
    const v1Username = externalUsernameSchema.safeParse(username);
    if (!v1Username.success) found.username = v1Username.error.issues[0]?.message;
    const v1Name = nameSchema.safeParse(name);
    if (!v1Name.success) found.name = v1Name.error.issues[0]?.message;
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await saveOnboarding({ step: "guidelines", username, name, age_confirmed: age, toc_accepted: toc });
      await saveOnboarding({ step: "done", guidelines_accepted: true });
      await onDone();
    } catch (error) {
      const split = splitApiError(error, FIELDS);
      setErrors(split.fields);
      setFormError(split.message);
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="legacy-onboarding-heading"
      className="rounded-3xl border border-brand-500/30 bg-surface-1 p-5 shadow-xl shadow-black/10 sm:p-8"
    >
      <div className="flex items-start gap-3">
        <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-500/15 text-link">
          <UserRoundPen aria-hidden="true" className="h-5 w-5" />
        </div>
        <div>
          <h2 id="legacy-onboarding-heading" className="text-xl font-bold text-text-1">
            Finish setting up your account
          </h2>
          <p className="mt-1 text-sm text-text-2">Choose a username and a name to start chatting.</p>
        </div>
      </div>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-5 grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <TextField
            label="Username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={errors.username}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            hint="4-20 characters: letters, digits, _ and -."
          />
          <UsernameAvailabilityNote status={availability} />
        </div>
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
        <div className="flex flex-col gap-3 sm:col-span-2">
          <CheckboxField checked={age} onChange={setAge} error={errors.age_confirmed}>
            I confirm that I am 18 years or older.
          </CheckboxField>
          <CheckboxField checked={toc} onChange={setToc} error={errors.toc_accepted}>
            I agree to the{" "}
            <Link to="/terms" target="_blank" className="font-semibold text-link underline">
              Terms of Service
            </Link>{" "}
            and the community guidelines.
          </CheckboxField>
          {formError ? <Alert>{formError}</Alert> : null}
          <div>
            <Button type="submit" loading={busy}>
              Save and continue
            </Button>
          </div>
        </div>
      </form>
    </section>
  );
}
