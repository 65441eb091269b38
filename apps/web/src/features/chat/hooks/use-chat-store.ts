import { type QueryKey, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { loadConversation } from "../api/get-conversation";
import { chatKeys } from "../api/query-keys";
import { type ChatAction, type ChatState, chatReducer } from "../lib/chat-state";

let visits = 0;

/**
 * The chat's store: one `ChatState` in the TanStack Query cache, under the conversation's key (or a new
 * chat's own key until the server saves it). Components read slices of it with `useChatSelector`; the
 * only way to change it is `dispatch`, which runs `chatReducer` on the cached value.
 */
export type ChatStore = {
  /** The cache entry's options, shared by every reader. */
  query: ReturnType<typeof storeQuery>;
  get: () => ChatState;
  dispatch: (action: ChatAction) => void;
  /** A new chat was saved: its state goes on under the conversation's key, streaming included. */
  moveTo: (conversationId: string) => void;
};

function storeQuery(key: QueryKey, conversationId: string | null, latest: () => ChatState) {
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) =>
      conversationId ? loadConversation(conversationId, signal) : Promise.resolve(latest()),
    // Also when the entry was dropped meanwhile (becoming a guest at the first message clears the cache):
    // it comes back as the chat last had it, a reply being written included.
    initialData: latest,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

/** The store of the chat on screen, starting from `initial` (the loaded conversation or a new chat). */
export function useChatStore(initial: () => ChatState): ChatStore {
  const queryClient = useQueryClient();
  const [start] = useState(initial);
  const [key, setKey] = useState<{ key: QueryKey; conversationId: string | null }>(() => ({
    key: start.conversationId ? chatKeys.conversation(start.conversationId) : chatKeys.draft(++visits),
    conversationId: start.conversationId,
  }));
  // Writes made while a reply streams go to the current key at once, before React renders the move.
  const keyRef = useRef(key.key);
  const lastState = useRef(start);

  /** The state now; the last one known when the cache entry was dropped (it is written back on the next change). */
  const get = useCallback((): ChatState => {
    const state = queryClient.getQueryData<ChatState>(keyRef.current);
    if (state) lastState.current = state;
    return lastState.current;
  }, [queryClient]);

  const dispatch = useCallback(
    (action: ChatAction) => {
      queryClient.setQueryData<ChatState>(keyRef.current, (state) => {
        const next = chatReducer(state ?? lastState.current, action);
        lastState.current = next;
        return next;
      });
    },
    [queryClient],
  );

  const moveTo = useCallback(
    (conversationId: string) => {
      const state = get();
      const next = chatKeys.conversation(conversationId);
      queryClient.setQueryData<ChatState>(next, state);
      keyRef.current = next;
      setKey({ key: next, conversationId });
    },
    [queryClient, get],
  );

  const query = useMemo(
    () => storeQuery(key.key, key.conversationId, () => lastState.current),
    [key.key, key.conversationId],
  );
  return useMemo(() => ({ query, get, dispatch, moveTo }), [query, get, dispatch, moveTo]);
}

/** A slice of the chat's state; the component renders again only when that slice changes. */
export function useChatSelector<T>(store: ChatStore, select: (state: ChatState) => T): T {
  return useQuery({ ...store.query, select }).data;
}
