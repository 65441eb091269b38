import { conversationListSchema } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { useViewerKey } from "../../../lib/session";

/** How many recent conversations the home's "Continue chatting" row shows. */
export const RECENT_CONVERSATIONS = 12;

/**
 * The signed-in member's most recent conversations (`GET /api/conversations?limit=12`), for the home page.
 * Members only (guests keep none between visits, so nothing is asked for them); keyed by the member, under
 * the ["conversations"] prefix the chat page invalidates.
 */
export function useRecentConversations() {
  const viewer = useViewerKey();
  const memberId = viewer?.[0] === "member" ? viewer[1] : null;
  return useQuery({
    queryKey: ["conversations", "recent", memberId ?? ""] as const,
    enabled: memberId !== null,
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ limit: String(RECENT_CONVERSATIONS) });
      const body = await apiFetch(`/conversations?${query}`, { schema: conversationListSchema, signal });
      return body.data;
    },
    staleTime: 30_000,
  });
}
