import { type OnboardingState, type OnboardingUpdateBody, onboardingStateSchema } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

/** `PUT /api/users/onboarding`: moves to `step`; `done` sets the username and name on the account. */
export function saveOnboarding(body: OnboardingUpdateBody): Promise<OnboardingState> {
  return apiFetch("/users/onboarding", { method: "PUT", body, schema: onboardingStateSchema });
}
