import { type MessagePage, type MessagePageQuery, messagePageSchema } from "@hearth/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchConversation } from "../../../api/conversations";
import { apiFetch } from "../../../lib/api-client";
import { type ChatState, chatStateFromDetail } from "../lib/chat-state";
import { chatKeys } from "./query-keys";

/** `GET /api/conversations/{id}` as the chat's store: the conversation with its newest page of messages. */
export async function loadConversation(id: string, signal?: AbortSignal): Promise<ChatState> {
  return chatStateFromDetail(await fetchConversation(id, signal));
}

/**
 * The open conversation as the chat's store (lib/chat-state.ts): `GET /api/conversations/{id}` answers its
 * newest page of messages. The entry is then only written by the chat itself (each reply, older pages,
 * edits), never refetched behind its back: staleTime Infinity, no refetch on focus or reconnect.
 */
export function conversationQuery(id: string) {
  return queryOptions({
    queryKey: chatKeys.conversation(id),
    queryFn: ({ signal }) => loadConversation(id, signal),
    enabled: id !== "",
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * The conversation the chat page opens. Read afresh each time the page opens it (`refetchOnMount:
 * 'always'`), not when a new chat moves to the address of the conversation it just created: that one is
 * already in the cache, written by the chat.
 */
export function useConversation(id: string | undefined) {
  return useQuery({ ...conversationQuery(id ?? ""), refetchOnMount: "always" });
}

/**
 * `GET /api/conversations/{id}/messages`: one page of messages, oldest first, before or after a message
 * (the newest page with neither).
 */
export function fetchMessagePage(
  conversationId: string,
  query: Partial<MessagePageQuery>,
  signal?: AbortSignal,
): Promise<MessagePage> {
  const params = new URLSearchParams();
  if (query.before_id) params.set("before_id", query.before_id);
  if (query.after_id) params.set("after_id", query.after_id);
  if (query.limit) params.set("limit", String(query.limit));
  const search = params.toString() ? `?${params}` : "";
  return apiFetch(`/conversations/${encodeURIComponent(conversationId)}/messages${search}`, {
    schema: messagePageSchema,
    signal,
  });
}
