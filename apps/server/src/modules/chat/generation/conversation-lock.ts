import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";

/**
 * One generation at a time per conversation. `acquire` answers a release function, or null when another
 * generation holds the conversation. In this process by default; over Redis when instances share one.
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

/** How long a Redis lock lives without renewal: an instance that dies frees its conversations this soon. */
export const REDIS_LOCK_LEASE_MS = 30_000;

/** Deletes the lock only while it is still this holder's (a lapsed lease may have passed to another). */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;

/**
 * The lock shared by every instance: SET NX with a lease, renewed while held (a third of the lease), and
 * released only by its holder's token.
 */
export function redisConversationLock(redis: Redis, leaseMs = REDIS_LOCK_LEASE_MS): ConversationLock {
  return {
    async acquire(conversationId) {
      const key = `hearth:conversation-lock:${conversationId}`;
      const token = randomUUID();
      if ((await redis.set(key, token, "PX", leaseMs, "NX")) !== "OK") return null;
      const renewal = setInterval(() => {
        redis.eval(RENEW, 1, key, token, leaseMs).catch(() => {});
      }, leaseMs / 3);
      renewal.unref();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        clearInterval(renewal);
        redis.eval(RELEASE, 1, key, token).catch(() => {});
      };
    },
  };
}
