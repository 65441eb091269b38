/**
 * Query keys of the chat's own store. Shared resources (the character, personas, models, memories, the
 * conversation lists) use the keys of `src/api/`.
 */
export const chatKeys = {
  /** The chat's store of a saved conversation (lib/chat-state.ts). */
  conversation: (id: string) => ["chat", "conversation", id] as const,
  /** The store of a chat not saved yet, one per page visit; it moves to `conversation` once saved. */
  draft: (visit: number) => ["chat", "draft", visit] as const,
};
