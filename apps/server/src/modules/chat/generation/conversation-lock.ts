/**
 * One generation at a time per conversation. `acquire` answers a release function, or null when another
 * generation holds the conversation. The default lives in this process; several instances would put
 * the same interface over Redis (SET NX with an expiry).
 */
export interface ConversationLock {
  acquire(conversationId: string): Promise<(() => void) | null>;
}

export function inProcessConversationLock(): ConversationLock {
  const held = new Set<string>();
  return {
    async acquire(conversationId) {
      if (held.has(conversationId)) return null;
      held.add(conversationId);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(conversationId);
      };
    },
  };
}
