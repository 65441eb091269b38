import { type OnboardingState, type OnboardingUpdateBody, onboardingStateSchema } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

/** `GET /api/users/onboarding`: the saved step and what was typed so far. */
export function getOnboarding(signal?: AbortSignal): Promise<OnboardingState> {
  return apiFetch("/users/onboarding", { schema: onboardingStateSchema, signal });
}

/** `PUT /api/users/onboarding`: moves to `step`; `done` sets the username and name on the account. */
export function saveOnboarding(body: OnboardingUpdateBody): Promise<OnboardingState> {
  return apiFetch("/users/onboarding", { method: "PUT", body, schema: onboardingStateSchema });
}
