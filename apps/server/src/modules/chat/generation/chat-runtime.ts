import type { Redis } from "ioredis";
import type { Database } from "../../../db/client";
import type { WaitingRoom } from "../../waiting-room/index";
import type { GuestStore } from "./chat-store";
import { type ConversationLock, inProcessConversationLock, redisConversationLock } from "./conversation-lock";
import { type GuestStoreOptions, InProcessGuestStore } from "./in-process-guest-store";
import { redisGuestStore } from "./redis-guest-store";
import { redisReplyStreams } from "./redis-reply-streams";
import { inProcessReplyStreams, type ReplyStreams } from "./reply-streams";
import { createUserTurnWriter, type UserTurnWriter } from "./user-turn-writer";

/**
 * Chat state shared by the chat routes of one app: the per-conversation lock, guests' conversations and
 * message counts (these two over Redis when instances share one), the writer that group-commits members'
 * turns, the waiting room and the replies' streams.
 */
export type ChatRuntime = {
  lock: ConversationLock;
  guests: GuestStore;
  userTurns: UserTurnWriter;
  waitingRoom: WaitingRoom;
  /** Replies' events, resumable from any instance (REPLY_STREAM). */
  replies: ReplyStreams;
};

/**
 * `guests`: the guest store's caps (from the config's guestChatsMaxBytes, which bounds the in-process
 * store only); defaults otherwise.
 */
export function createChatRuntime(
  db: Database,
  redis: Redis | null,
  waitingRoom: WaitingRoom,
  guests: GuestStoreOptions = {},
): ChatRuntime {
  return {
    lock: redis ? redisConversationLock(redis) : inProcessConversationLock(),
    guests: redis ? redisGuestStore(redis, guests) : new InProcessGuestStore(guests),
    userTurns: createUserTurnWriter(db),
    waitingRoom,
    replies: redis ? redisReplyStreams(redis) : inProcessReplyStreams(),
  };
}
