import type { OnboardingState } from "@hearth/contracts";
import type { OnboardingValues } from "./repository";

export function presentOnboarding(values: OnboardingValues): OnboardingState {
  return {
    step: values.step,
    guidelines_accepted: values.guidelinesAccepted,
    username: values.username,
    name: values.name,
    age_confirmed: values.ageConfirmed,
    toc_accepted: values.tocAccepted,
  };
}
