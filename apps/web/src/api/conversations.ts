import {
  CHAT_LIMITS,
  type ConversationDetail,
  type ConversationSummary,
  conversationDetailSchema,
  conversationListSchema,
} from "@hearth/contracts";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../lib/api-client";
import { useViewerKey } from "../lib/session";

/**
 * Query keys of conversation lists. After a conversation changes (a message sent, renamed, deleted,
 * cloned), invalidate `lists` (every saved-chats list and the home row). The open conversation is not
 * cached here: the chat keeps it as its own store under `chatKeys.conversation(id)`
 * (features/chat/api/get-conversation.ts), read with `fetchConversation` below.
 */
export const conversationKeys = {
  all: ["conversations"] as const,
  lists: ["conversations", "list"] as const,
  /** Every conversation of the member, or those with one character. */
  list: (characterId: string | null) =>
    characterId === null
      ? (["conversations", "list", "all"] as const)
      : (["conversations", "list", "character", characterId] as const),
  /** The home page's "Continue chatting" row, per member. */
  recent: (memberId: string) => ["conversations", "list", "recent", memberId] as const,
};

/** The cursor of the page after `page`, or undefined when it was the last one. */
export function nextCursor(page: ConversationSummary[]): string | undefined {
  const last = page.at(-1);
  if (!last || last.is_last_id || page.length < CHAT_LIMITS.conversationPageSize) return undefined;
  return last.id;
}

/**
 * One page of the member's conversations, newest first, with a last_id cursor: all of them
 * (`GET /api/conversations`) or those with one character (`GET /api/characters/{id}/conversations`).
 */
export async function fetchConversationPage(
  characterId: string | null,
  lastId: string | null,
  { limit = CHAT_LIMITS.conversationPageSize, signal }: { limit?: number; signal?: AbortSignal } = {},
): Promise<ConversationSummary[]> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (lastId) query.set("last_id", lastId);
  const path = characterId
    ? `/characters/${encodeURIComponent(characterId)}/conversations`
    : "/conversations";
  return (await apiFetch(`${path}?${query}`, { schema: conversationListSchema, signal })).data;
}

export function useConversationList(characterId: string | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: conversationKeys.list(characterId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchConversationPage(characterId, pageParam, { signal }),
    getNextPageParam: (page) => nextCursor(page),
    enabled,
  });
}

/** How many recent conversations the home's "Continue chatting" row shows. */
export const RECENT_CONVERSATIONS = 12;

/**
 * The signed-in member's most recent conversations (`GET /api/conversations?limit=12`), for the home page.
 * Members only (guests keep none between visits, so nothing is asked for them).
 */
export function useRecentConversations() {
  const viewer = useViewerKey();
  const memberId = viewer?.[0] === "member" ? viewer[1] : null;
  return useQuery({
    queryKey: conversationKeys.recent(memberId ?? ""),
    enabled: memberId !== null,
    queryFn: ({ signal }) => fetchConversationPage(null, null, { limit: RECENT_CONVERSATIONS, signal }),
    staleTime: 30_000,
  });
}

/** One conversation with its newest page of messages (`GET /api/conversations/{id}`). */
export function fetchConversation(id: string, signal?: AbortSignal): Promise<ConversationDetail> {
  return apiFetch(`/conversations/${encodeURIComponent(id)}`, { schema: conversationDetailSchema, signal });
}
