import type { Redis } from "ioredis";
import type { SqlExecutor } from "../../../db/client";
import type { WaitingRoom } from "../../waiting-room/index";
import type { GuestStore } from "./chat-store";
import { type ChatWriter, createChatWriter } from "./chat-writer";
import { type ConversationLock, inProcessConversationLock, redisConversationLock } from "./conversation-lock";
import { type GuestStoreOptions, InProcessGuestStore } from "./in-process-guest-store";
import { redisGuestStore } from "./redis-guest-store";
import { redisReplyStreams } from "./redis-reply-streams";
import { inProcessReplyStreams, type ReplyStreams } from "./reply-streams";

/**
 * Chat state shared by the chat routes of one app: the per-conversation lock, guests' conversations and
 * message counts (these two over Redis when instances share one), the writer that group-commits members'
 * turns and replies, the waiting room and the replies' streams.
 */
export type ChatRuntime = {
  lock: ConversationLock;
  guests: GuestStore;
  writer: ChatWriter;
  waitingRoom: WaitingRoom;
  /** Replies' events, resumable from any instance (REPLY_STREAM). */
  replies: ReplyStreams;
};

/**
 * `guests`: the guest store's caps (from the config's guestChatsMaxBytes, which bounds the in-process
 * store only); defaults otherwise.
 */
export function createChatRuntime(
  sql: SqlExecutor,
  redis: Redis | null,
  waitingRoom: WaitingRoom,
  guests: GuestStoreOptions = {},
): ChatRuntime {
  return {
    lock: redis ? redisConversationLock(redis) : inProcessConversationLock(),
    guests: redis ? redisGuestStore(redis, guests) : new InProcessGuestStore(guests),
    writer: createChatWriter(sql),
    waitingRoom,
    replies: redis ? redisReplyStreams(redis) : inProcessReplyStreams(),
  };
}
