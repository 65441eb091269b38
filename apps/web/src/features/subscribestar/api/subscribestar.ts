import {
  type SubscribeStarAttempt,
  type SubscribeStarOauthResponse,
  type SubscribeStarStatus,
  subscribeStarAttemptSchema,
  subscribeStarOauthResponseSchema,
  subscribeStarStatusSchema,
} from "@hearth/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

/** SubscribeStar linking calls (account spec 7; README, SubscribeStar). */

/** The link page SubscribeStar sends the member back to (the OAuth redirect_uri). */
export function linkPageUrl(): string {
  return `${window.location.origin}/link/subscribestar`;
}

export const subscribeStarStatusQuery = () =>
  queryOptions({
    queryKey: ["subscribestar", "status"] as const,
    queryFn: ({ signal }): Promise<SubscribeStarStatus> =>
      apiFetch("/link/subscribestar", { schema: subscribeStarStatusSchema, signal }),
  });

export function startLinkAttempt(): Promise<SubscribeStarAttempt> {
  return apiFetch("/link/subscribestar", {
    method: "POST",
    body: { redirect_url: linkPageUrl() },
    schema: subscribeStarAttemptSchema,
  });
}

/** GET link/subscribestar/{transientId}: an attempt started elsewhere, with its authorize address. */
export function readLinkAttempt(transientId: string): Promise<SubscribeStarAttempt> {
  const query = new URLSearchParams({ redirect_url: linkPageUrl() });
  return apiFetch(`/link/subscribestar/${encodeURIComponent(transientId)}?${query}`, {
    schema: subscribeStarAttemptSchema,
  });
}

/** GET link/subscribestar/oauth: the code SubscribeStar sent back, exchanged by the server. */
export function linkWithCode(code: string, transientId: string): Promise<SubscribeStarOauthResponse> {
  const query = new URLSearchParams({
    subscribestar_code: code,
    redirect_url: linkPageUrl(),
    transient_id: transientId,
  });
  return apiFetch(`/link/subscribestar/oauth?${query}`, { schema: subscribeStarOauthResponseSchema });
}
