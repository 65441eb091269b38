import { type OnboardingState, onboardingStateSchema } from "@hearth/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../lib/api-client";

export const onboardingKeys = {
  all: ["onboarding"] as const,
};

/** `GET /api/users/onboarding`: the saved step and what was typed so far. */
export function fetchOnboarding(signal?: AbortSignal): Promise<OnboardingState> {
  return apiFetch("/users/onboarding", { schema: onboardingStateSchema, signal });
}

/** Read when the modal opens, never kept: a later opening starts from what the server has. */
export function onboardingQuery() {
  return queryOptions({
    queryKey: onboardingKeys.all,
    queryFn: ({ signal }) => fetchOnboarding(signal),
    gcTime: 0,
  });
}
