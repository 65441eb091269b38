import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import type { Visit, WaitingRoomStore } from "./store";

/** One hash tag, so every key of the waiting room lives on one Redis Cluster slot (scripts need that). */
const PREFIX = "hearth:{waiting-room}";
const KEYS = {
  /** The line: key → its join number (ascending = first to last). */
  line: `${PREFIX}:line`,
  /** key → when it last asked. */
  seen: `${PREFIX}:seen`,
  /** key → when its access ends. */
  grants: `${PREFIX}:grants`,
  /** generation id → its slot's lease end. */
  busy: `${PREFIX}:busy`,
  /** "key@time" → when it was admitted from the line (the pace window). */
  admitted: `${PREFIX}:admitted`,
  /** The last join number given. */
  joins: `${PREFIX}:joins`,
} as const;

/**
 * memory-store.ts's `visit` as one Lua script, so it runs atomically for every instance. Times are
 * milliseconds; ARGV[2] (now) is reused as text where it becomes part of a member (Lua would print a
 * 13-digit number in exponent form).
 */
const VISIT = `
local key = ARGV[1]
local now = tonumber(ARGV[2])
local open = tonumber(ARGV[3])
local accessMs = tonumber(ARGV[4])
local staleMs = tonumber(ARGV[5])
local windowMs = tonumber(ARGV[6])
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', now - windowMs)
local stale = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now - staleMs)
for _, member in ipairs(stale) do
  redis.call('ZREM', KEYS[1], member)
  redis.call('ZREM', KEYS[2], member)
end
local function answer(status, position, left)
  local oldest = redis.call('ZRANGE', KEYS[5], 0, 0, 'WITHSCORES')
  return {status, position, left, redis.call('ZCARD', KEYS[5]), oldest[2] or '-1'}
end
local held = redis.call('ZSCORE', KEYS[3], key)
if held and tonumber(held) > now then return answer('access', 0, tonumber(held) - now) end
local expired = held and true or false
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
local free = open - redis.call('ZCARD', KEYS[4])
if free > 0 then
  local heads = redis.call('ZRANGE', KEYS[1], 0, free - 1)
  for _, head in ipairs(heads) do
    redis.call('ZREM', KEYS[1], head)
    redis.call('ZREM', KEYS[2], head)
    redis.call('ZADD', KEYS[3], now + accessMs, head)
    redis.call('ZADD', KEYS[5], now, head .. '@' .. ARGV[2])
  end
  free = free - #heads
end
local granted = redis.call('ZSCORE', KEYS[3], key)
if not granted and not redis.call('ZSCORE', KEYS[1], key) then
  if free > 0 then
    redis.call('ZADD', KEYS[3], now + accessMs, key)
    granted = now + accessMs
  else
    redis.call('ZADD', KEYS[1], redis.call('INCR', KEYS[6]), key)
  end
end
if granted then return answer('access', 0, tonumber(granted) - now) end
redis.call('ZADD', KEYS[2], now, key)
local status = 'waiting'
if expired then status = 'expired' end
return answer(status, redis.call('ZRANK', KEYS[1], key) + 1, 0)
`;

type VisitReply = [Visit["status"], number, number, number, string];

const VISIT_SHA = createHash("sha1").update(VISIT).digest("hex");

/** EVALSHA of the script, loading it with EVAL the first time a Redis server has not seen it. */
async function runVisit(redis: Redis, args: (string | number)[]): Promise<VisitReply> {
  const keys = [KEYS.line, KEYS.seen, KEYS.grants, KEYS.busy, KEYS.admitted, KEYS.joins];
  try {
    return (await redis.evalsha(VISIT_SHA, keys.length, ...keys, ...args)) as VisitReply;
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
    return (await redis.eval(VISIT, keys.length, ...keys, ...args)) as VisitReply;
  }
}

/** The waiting room shared by every instance on one Redis (REDIS_URL). */
export function createRedisWaitingRoomStore(redis: Redis): WaitingRoomStore {
  return {
    async visit(key, now, limits) {
      const [status, position, accessLeftMs, admitted, oldest] = await runVisit(redis, [
        key,
        now,
        limits.openSlots,
        limits.accessMs,
        limits.staleAfterMs,
        limits.paceWindowMs,
      ]);
      const since = Number(oldest);
      return { status, position, accessLeftMs, pace: { admitted, since: since >= 0 ? since : null } };
    },
    async generationStarted(id, leaseUntil) {
      await redis.zadd(KEYS.busy, leaseUntil, id);
    },
    async generationEnded(id) {
      await redis.zrem(KEYS.busy, id);
    },
  };
}
