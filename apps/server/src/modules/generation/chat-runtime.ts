import type { Database } from "../../db/client";
import { GuestStore } from "./chat-store";
import { type ConversationLock, inProcessConversationLock } from "./conversation-lock";
import { createUserTurnWriter, type UserTurnWriter } from "./user-turn-writer";

/**
 * Chat state shared by the chat routes of one app: the per-conversation lock, guests' conversations and
 * the writer that group-commits members' turns.
 */
export type ChatRuntime = { lock: ConversationLock; guests: GuestStore; userTurns: UserTurnWriter };

export function createChatRuntime(db: Database): ChatRuntime {
  return { lock: inProcessConversationLock(), guests: new GuestStore(), userTurns: createUserTurnWriter(db) };
}
