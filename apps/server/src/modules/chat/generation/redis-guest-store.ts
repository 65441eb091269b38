import { GUEST_CHAT_CAPS, GUEST_CONVERSATION_TTL_MS } from "@hearth/contracts";
import type { Redis } from "ioredis";
import type { MessageRow } from "../../../db/schema";
import {
  type ChatStore,
  type GuestConversation,
  type GuestStore,
  guestMessageBytes,
  newMessage,
  type StoredConversation,
} from "./chat-store";
import type { GuestStoreOptions } from "./in-process-guest-store";
import { GUEST_SCRIPTS, type GuestKeys, guestKeys, runGuestScript } from "./redis-guest-scripts";

/** The per-guest caps; the total of all guests is Redis's own maxmemory (README, Several instances). */
export type RedisGuestStoreOptions = Pick<GuestStoreOptions, "ttlMs" | "maxBytesPerGuest">;

/** Writes of one message that lost a race (it changed between read and write) are tried this many times. */
const REPLACE_ATTEMPTS = 5;

type MessageJson = Omit<MessageRow, "createdAt"> & { createdAt: string };

const parseMessage = (text: string): MessageRow => {
  const parsed = JSON.parse(text) as MessageJson;
  return { ...parsed, createdAt: new Date(parsed.createdAt) };
};

/** A conversation as stored: its JSON and its messages' JSON texts (kept to compare before a replace). */
type StoredGuestConversation = { conversation: StoredConversation; messageTexts: string[] };

const totalBytes = (messages: MessageRow[]) =>
  messages.reduce((sum, message) => sum + guestMessageBytes(message), 0);

/**
 * Guests' conversations shared by every instance on one Redis (REDIS_URL). Each script runs atomically
 * and renews the TTL of all of the guest's keys, so a guest expires GUEST_CONVERSATION_TTL_MS after their
 * last activity on any instance, and two instances never both let the guest's last message through.
 */
export function redisGuestStore(redis: Redis, options: RedisGuestStoreOptions = {}): GuestStore {
  const ttlMs = options.ttlMs ?? GUEST_CONVERSATION_TTL_MS;
  const budget = options.maxBytesPerGuest ?? GUEST_CHAT_CAPS.bytesPerGuest;
  const run = (
    script: (typeof GUEST_SCRIPTS)[keyof typeof GUEST_SCRIPTS],
    keys: GuestKeys,
    conversationId: string | null,
    args: (string | number)[],
  ) => runGuestScript(redis, script, keys, conversationId, ttlMs, args);

  /** Reads a conversation and marks it used (least recently used conversations are dropped first). */
  async function read(keys: GuestKeys, id: string): Promise<StoredGuestConversation | null> {
    const reply = (await run(GUEST_SCRIPTS.read, keys, id, [id])) as [string, string[]] | null;
    if (!reply) return null;
    return { conversation: JSON.parse(reply[0]) as StoredConversation, messageTexts: reply[1] };
  }

  async function append(keys: GuestKeys, message: MessageRow): Promise<boolean> {
    const id = message.conversationId;
    const args = [id, budget, JSON.stringify(message), guestMessageBytes(message)];
    return (await run(GUEST_SCRIPTS.append, keys, id, args)) === 1;
  }

  /** Writes a new version of the message at `index` while it is still `text`; false when it changed. */
  async function replace(
    keys: GuestKeys,
    id: string,
    index: number,
    text: string,
    written: MessageRow,
  ): Promise<boolean> {
    const change = guestMessageBytes(written) - guestMessageBytes(parseMessage(text));
    const args = [id, budget, index, text, JSON.stringify(written), change];
    const outcome = await run(GUEST_SCRIPTS.replace, keys, id, args);
    if (outcome === -1) throw new Error("Guest conversation expired");
    return outcome === 1;
  }

  return {
    async countMessage(guestId, limit) {
      return (await run(GUEST_SCRIPTS.countMessage, guestKeys(guestId), null, [limit])) === 1;
    },
    async conversation(guestId, id): Promise<GuestConversation | null> {
      const keys = guestKeys(guestId);
      // One MULTI, so a write from another instance never falls between the two reads.
      const replies = await redis
        .multi()
        .hget(keys.conversations, id)
        .lrange(keys.messagesPrefix + id, 0, -1)
        .exec();
      const failed = replies?.find(([error]) => error)?.[0];
      if (failed) throw failed;
      const [[, conversation] = [], [, messages] = []] = replies ?? [];
      if (typeof conversation !== "string") return null;
      const texts = Array.isArray(messages) ? (messages as string[]) : [];
      return { ...(JSON.parse(conversation) as StoredConversation), messages: texts.map(parseMessage) };
    },
    chatStore(guestId): ChatStore {
      const keys = guestKeys(guestId);
      return {
        persistent: false,
        async create(conversation, firstMessages) {
          const { id, characterId, userPersonaId, messagesSinceSummary } = conversation;
          const stored: StoredConversation = { id, characterId, userPersonaId, messagesSinceSummary };
          const texts = firstMessages.map((message) => JSON.stringify(message));
          const args = [id, budget, JSON.stringify(stored), totalBytes(firstMessages), ...texts];
          await run(GUEST_SCRIPTS.create, keys, id, args);
        },
        async find(id) {
          const stored = await read(keys, id);
          return stored && { ...stored.conversation, pinnedMemories: [] };
        },
        async messages(conversationId) {
          return (await read(keys, conversationId))?.messageTexts.map(parseMessage) ?? [];
        },
        async addMessage(message) {
          await append(keys, message);
        },
        async saveReply(conversationId, _characterId, target, reply, _oldest) {
          for (let attempt = 0; attempt < REPLACE_ATTEMPTS; attempt++) {
            const stored = await read(keys, conversationId);
            if (!stored) throw new Error("Guest conversation expired");
            const { conversation, messageTexts } = stored;
            const messages = messageTexts.map(parseMessage);
            const index = target ? messages.findIndex((message) => message.id === target.id) : -1;
            const existing = messages[index] ?? null;
            const write = reply(existing);
            if (!existing) {
              const message = { ...newMessage(conversationId, "bot", write.content), ...write };
              if (!(await append(keys, message))) throw new Error("Guest conversation expired");
              return { message, conversation };
            }
            const message = { ...existing, ...write };
            const text = messageTexts[index] ?? "";
            if (await replace(keys, conversationId, index, text, message)) return { message, conversation };
          }
          throw new Error("The guest's message kept changing while its reply was saved");
        },
      };
    },
    close() {
      // The connection is the app's (kernel/redis.ts); it closes it.
    },
  };
}
