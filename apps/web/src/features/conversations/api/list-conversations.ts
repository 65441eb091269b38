import { CHAT_LIMITS, type ConversationSummary, conversationListSchema } from "@hearth/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

/** Query keys of the conversation lists; the chat page invalidates the ["conversations"] prefix. */
export const conversationKeys = {
  all: ["conversations"] as const,
  list: (characterId: string | null) => ["conversations", "list", characterId ?? "all"] as const,
  character: (id: string) => ["conversations", "character", id] as const,
};

/** The cursor of the page after `page`, or undefined when it was the last one. */
export function nextCursor(page: ConversationSummary[]): string | undefined {
  const last = page.at(-1);
  if (!last || last.is_last_id || page.length < CHAT_LIMITS.conversationPageSize) return undefined;
  return last.id;
}

/**
 * The member's conversations, newest first, 25 a page with a last_id cursor: all of them
 * (`GET /api/conversations`) or those with one character (`GET /api/characters/{id}/conversations`).
 */
export function useConversationList(characterId: string | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: conversationKeys.list(characterId),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(CHAT_LIMITS.conversationPageSize) });
      if (pageParam) query.set("last_id", pageParam);
      const path = characterId
        ? `/characters/${encodeURIComponent(characterId)}/conversations`
        : "/conversations";
      const body = await apiFetch(`${path}?${query}`, { schema: conversationListSchema, signal });
      return body.data;
    },
    getNextPageParam: (page) => nextCursor(page),
    enabled,
  });
}
