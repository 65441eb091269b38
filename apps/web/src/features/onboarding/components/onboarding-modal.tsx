import {
  type OnboardingState,
  type OnboardingStep,
  onboardingProblems,
  PROFILE_MESSAGES,
} from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { PartyPopper, ScrollText, Sparkles } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import { onboardingQuery } from "../../../api/onboarding";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { UsernameAvailabilityNote } from "../../../components/ui/username-availability";
import { ApiError } from "../../../lib/api-client";
import { type FieldErrors, splitApiError } from "../../../lib/field-errors";
import { useUsernameAvailability } from "../../../lib/use-username-availability";
import { saveOnboarding } from "../api/onboarding";
import { CheckboxField } from "./checkbox-field";
import { CommunityGuidelines } from "./community-guidelines";

type Draft = Omit<OnboardingState, "step">;
const WELCOME_FIELDS = ["username", "name", "age_confirmed", "toc_accepted"] as const;

const EMPTY: Draft = {
  username: "",
  name: "",
  age_confirmed: false,
  toc_accepted: false,
  guidelines_accepted: false,
};

/**
 * The two-step onboarding modal (account spec 2.3): welcome (username, name, age and terms), community
 * guidelines, then done. The step is saved on the server, so a reload resumes where the member left.
 */
export function OnboardingModal({
  brandName,
  onFinished,
  onClose,
}: {
  brandName: string;
  /** The account now has its username (re-read the session). */
  onFinished: () => Promise<unknown>;
  /** "Start exploring" on the done step. */
  onClose: () => void;
}) {
  const saved = useQuery(onboardingQuery());
  const [step, setStep] = useState<OnboardingStep | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!saved.data || step !== null) return;
    const { step: savedStep, ...rest } = saved.data;
    setDraft({ ...rest, username: rest.username ?? "", name: rest.name ?? "" });
    // A finished onboarding without a username (it was removed later) starts over.
    setStep(savedStep === "done" ? "welcome" : savedStep);
  }, [saved.data, step]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function toGuidelines(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const problems = onboardingProblems(draft, "guidelines");
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      return;
    }
    setBusy(true);
    try {
      const { username, name, age_confirmed, toc_accepted } = draft;
      await saveOnboarding({
        step: "guidelines",
        username: username ?? "",
        name: name ?? "",
        age_confirmed,
        toc_accepted,
      });
      setErrors({});
      setStep("guidelines");
    } catch (error) {
      const { fields, message } = splitApiError(error, WELCOME_FIELDS);
      setErrors(
        error instanceof ApiError && error.code === "username_taken" ? { username: error.message } : fields,
      );
      setFormError(message);
    } finally {
      setBusy(false);
    }
  }

  async function backToWelcome() {
    setFormError(null);
    setStep("welcome");
    await saveOnboarding({ step: "welcome" }).catch(() => null);
  }

  async function finish(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!draft.guidelines_accepted) {
      setErrors({ guidelines_accepted: PROFILE_MESSAGES.guidelinesRequired });
      return;
    }
    setBusy(true);
    try {
      await saveOnboarding({ step: "done", guidelines_accepted: true });
      await onFinished();
      setStep("done");
    } catch (error) {
      if (error instanceof ApiError && error.code === "username_taken") {
        // Someone took the name meanwhile: back to the welcome step with the unavailable message.
        setStep("welcome");
        setErrors({ username: PROFILE_MESSAGES.usernameTaken });
      } else {
        setFormError(error instanceof Error ? error.message : "Uh oh, something went wrong");
      }
    } finally {
      setBusy(false);
    }
  }

  const titles: Record<OnboardingStep, string> = {
    welcome: `Welcome to ${brandName}!`,
    guidelines: "Community guidelines",
    done: `You're all set${draft.name ? `, ${draft.name}` : ""}!`,
  };
  const descriptions: Record<OnboardingStep, string> = {
    welcome: "Pick a username and tell us what to call you. It only takes a moment.",
    guidelines: "A few rules keep this a good place for everyone. Please read them before you start.",
    done: "Your profile is ready. Find a character you like, or create your own.",
  };
  const icons = { welcome: Sparkles, guidelines: ScrollText, done: PartyPopper } as const;
  const current = step ?? "welcome";
  const Icon = icons[current];

  return (
    <Dialog
      open
      onOpenChange={() => undefined}
      dismissible={false}
      className="max-w-lg"
      icon={<Icon aria-hidden="true" className="h-5 w-5" />}
      title={titles[current]}
      description={descriptions[current]}
    >
      {current !== "done" ? <StepDots step={current} /> : null}
      {saved.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading your progress" />
        </div>
      ) : saved.error ? (
        <div className="flex flex-col gap-3">
          <Alert>{saved.error.message}</Alert>
          <Button variant="secondary" loading={saved.isFetching} onClick={() => void saved.refetch()}>
            Retry
          </Button>
        </div>
      ) : current === "welcome" ? (
        <WelcomeStep
          draft={draft}
          set={set}
          errors={errors}
          formError={formError}
          busy={busy}
          onSubmit={toGuidelines}
        />
      ) : current === "guidelines" ? (
        <form noValidate onSubmit={(e) => void finish(e)} className="flex flex-col gap-4">
          <CommunityGuidelines />
          <CheckboxField
            checked={draft.guidelines_accepted}
            onChange={(v) => set("guidelines_accepted", v)}
            error={errors.guidelines_accepted}
          >
            I have read and agree to the community guidelines.
          </CheckboxField>
          {formError ? <Alert>{formError}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => void backToWelcome()} disabled={busy}>
              Back
            </Button>
            <Button type="submit" loading={busy}>
              Finish
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-4">
          <Button size="lg" onClick={onClose} autoFocus>
            Start exploring
          </Button>
        </div>
      )}
    </Dialog>
  );
}

function StepDots({ step }: { step: "welcome" | "guidelines" }) {
  const index = step === "welcome" ? 1 : 2;
  return (
    <div className="mb-4 flex items-center gap-3">
      <div aria-hidden="true" className="flex flex-1 gap-1.5">
        {[1, 2].map((i) => (
          <span
            key={i}
            className={`h-1.5 flex-1 rounded-full ${i <= index ? "bg-brand-500" : "bg-surface-3"}`}
          />
        ))}
      </div>
      <p className="text-xs font-medium text-text-3">Step {index} of 2</p>
    </div>
  );
}

function WelcomeStep({
  draft,
  set,
  errors,
  formError,
  busy,
  onSubmit,
}: {
  draft: Draft;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  errors: FieldErrors;
  formError: string | null;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  const availability = useUsernameAvailability(draft.username ?? "", null);
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <TextField
          label="Username"
          value={draft.username ?? ""}
          onChange={(e) => set("username", e.target.value)}
          error={errors.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="3-20 characters: letters, digits, _ and -."
          required
        />
        <UsernameAvailabilityNote status={availability} />
      </div>
      <TextField
        label="Name"
        value={draft.name ?? ""}
        onChange={(e) => set("name", e.target.value)}
        error={errors.name}
        autoComplete="nickname"
        hint="What characters will call you."
        required
      />
      <CheckboxField
        checked={draft.age_confirmed}
        onChange={(v) => set("age_confirmed", v)}
        error={errors.age_confirmed}
      >
        I confirm that I am 18 years or older.
      </CheckboxField>
      <CheckboxField
        checked={draft.toc_accepted}
        onChange={(v) => set("toc_accepted", v)}
        error={errors.toc_accepted}
      >
        I agree to the{" "}
        <Link to="/terms" target="_blank" className="font-semibold text-link underline">
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link to="/privacy" target="_blank" className="font-semibold text-link underline">
          Privacy Policy
        </Link>
        .
      </CheckboxField>
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={busy} className="w-full sm:w-auto">
          Continue
        </Button>
      </div>
    </form>
  );
}
