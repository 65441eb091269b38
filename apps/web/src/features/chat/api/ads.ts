import { AD_EVENTS, type AdPick, adPickSchema, type ShownAd } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { sendEvent } from "../../../api/events";
import { apiFetch } from "../../../lib/api-client";

export const adKeys = {
  pick: (conversationId: string, afterId: string) => ["ads", "pick", conversationId, afterId] as const,
};

/** `GET /api/ads/pick?conversation_id=`: the server decides whether this chat shows an ad, and which. */
export function fetchAdPick(conversationId: string, signal?: AbortSignal): Promise<AdPick> {
  const query = new URLSearchParams({ conversation_id: conversationId });
  return apiFetch(`/ads/pick?${query}`, { schema: adPickSchema, signal });
}

/** One pick per newest message: a new message asks again; a failed pick shows no ad (never retried). */
export function useAdPick(conversationId: string | null, afterId: string, enabled: boolean) {
  return useQuery({
    queryKey: adKeys.pick(conversationId ?? "", afterId),
    queryFn: ({ signal }) => fetchAdPick(conversationId ?? "", signal),
    enabled: enabled && conversationId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });
}

/** Logs an ad's view or click (`POST /api/event`, chat spec 7): ad_id, code, message_id, content. */
export function sendAdEvent(kind: keyof typeof AD_EVENTS, ad: ShownAd, messageId: string): void {
  sendEvent(AD_EVENTS[kind], { ad_id: ad.id, code: ad.code, message_id: messageId, content: ad.text });
}
