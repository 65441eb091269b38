import type { Database } from "../../../db/client";
import { GuestStore, type GuestStoreOptions } from "./chat-store";
import { type ConversationLock, inProcessConversationLock } from "./conversation-lock";
import { createUserTurnWriter, type UserTurnWriter } from "./user-turn-writer";

/**
 * Chat state shared by the chat routes of one app: the per-conversation lock, guests' conversations and
 * the writer that group-commits members' turns.
 */
export type ChatRuntime = { lock: ConversationLock; guests: GuestStore; userTurns: UserTurnWriter };

/** `guests`: the guest store's caps (from the config's guestChatsMaxBytes); defaults otherwise. */
export function createChatRuntime(db: Database, guests: GuestStoreOptions = {}): ChatRuntime {
  return {
    lock: inProcessConversationLock(),
    guests: new GuestStore(guests),
    userTurns: createUserTurnWriter(db),
  };
}
