import { GuestStore } from "./chat-store";
import { type ConversationLock, inProcessConversationLock } from "./conversation-lock";

/** Chat state shared by the chat routes of one app: the per-conversation lock and guests' conversations. */
export type ChatRuntime = { lock: ConversationLock; guests: GuestStore };

export function createChatRuntime(): ChatRuntime {
  return { lock: inProcessConversationLock(), guests: new GuestStore() };
}
