import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

/**
 * A guest's keys. The `{guestId}` hash tag puts them all on one Redis Cluster slot, so the scripts may
 * also reach the messages lists of the guest's other conversations (named from `messagesPrefix`).
 */
export function guestKeys(guestId: string) {
  const prefix = `hearth:guest:{${guestId}}`;
  return {
    /** The messages counted this session. */
    sent: `${prefix}:sent`,
    /** conversation id → its last use (ascending = least recently used first). */
    recent: `${prefix}:recent`,
    /** conversation id → its estimated bytes (guestMessageBytes of each message). */
    bytes: `${prefix}:bytes`,
    /** conversation id → its StoredConversation as JSON. */
    conversations: `${prefix}:conversations`,
    /** Followed by a conversation id: that conversation's messages, oldest first, each as JSON. */
    messagesPrefix: `${prefix}:messages:`,
  };
}

export type GuestKeys = ReturnType<typeof guestKeys>;

/**
 * Shared by every script: KEYS[1..4] are the guest's sent, recent, bytes and conversations keys, KEYS[5]
 * (where there is one) the messages list of the conversation at hand; ARGV[1] is the messages prefix,
 * ARGV[2] the time to live in ms. Every script is activity: all of the guest's keys live on for ARGV[2].
 */
const PRELUDE = `
local messagesPrefix = ARGV[1]
local ttl = ARGV[2]
local function keepAlive()
  for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], ttl) end
  for _, id in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
    redis.call('PEXPIRE', messagesPrefix .. id, ttl)
  end
end
local function used(id)
  local newest = redis.call('ZRANGE', KEYS[2], -1, -1, 'WITHSCORES')
  redis.call('ZADD', KEYS[2], (tonumber(newest[2]) or 0) + 1, id)
end
local function drop(id)
  redis.call('ZREM', KEYS[2], id)
  redis.call('HDEL', KEYS[3], id)
  redis.call('HDEL', KEYS[4], id)
  redis.call('DEL', messagesPrefix .. id)
end
local function withinBudget(keep, budget)
  local total = 0
  for _, size in ipairs(redis.call('HVALS', KEYS[3])) do total = total + tonumber(size) end
  for _, id in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
    if total <= budget then return end
    if id ~= keep then
      total = total - tonumber(redis.call('HGET', KEYS[3], id) or '0')
      drop(id)
    end
  end
end
local function written(id, budget)
  used(id)
  withinBudget(id, tonumber(budget))
  keepAlive()
end
`;

/** ARGV[3]: the limit. 1 when a message was counted, 0 when none was left. */
const COUNT_MESSAGE = `
local sent = tonumber(redis.call('GET', KEYS[1]) or '0')
local counted = 0
if sent < tonumber(ARGV[3]) then
  redis.call('INCR', KEYS[1])
  counted = 1
end
keepAlive()
return counted
`;

/** ARGV[3]: the conversation id. Its JSON and messages, marked as used; nil when there is none. */
const READ = `
local meta = redis.call('HGET', KEYS[4], ARGV[3])
if not meta then
  keepAlive()
  return false
end
used(ARGV[3])
keepAlive()
return {meta, redis.call('LRANGE', KEYS[5], 0, -1)}
`;

/** ARGV[3]: the id, ARGV[4]: the guest's budget, ARGV[5]: its JSON, ARGV[6]: its bytes, ARGV[7..]: messages. */
const CREATE = `
local id = ARGV[3]
redis.call('DEL', KEYS[5])
if #ARGV >= 7 then redis.call('RPUSH', KEYS[5], unpack(ARGV, 7)) end
redis.call('HSET', KEYS[4], id, ARGV[5])
redis.call('HSET', KEYS[3], id, ARGV[6])
written(id, ARGV[4])
return 1
`;

/** ARGV[3]: the id, ARGV[4]: the budget, ARGV[5]: the message, ARGV[6]: its bytes. 0: no such conversation. */
const APPEND = `
local id = ARGV[3]
if redis.call('HEXISTS', KEYS[4], id) == 0 then
  keepAlive()
  return 0
end
redis.call('RPUSH', KEYS[5], ARGV[5])
redis.call('HINCRBY', KEYS[3], id, ARGV[6])
written(id, ARGV[4])
return 1
`;

/**
 * ARGV[3]: the id, ARGV[4]: the budget, ARGV[5]: the message's index, ARGV[6]: the message as read,
 * ARGV[7]: as written, ARGV[8]: the change in bytes. Replaces it only while it is still as read (1);
 * 0 when it changed meanwhile, -1 when the conversation is gone.
 */
const REPLACE = `
local id = ARGV[3]
if redis.call('HEXISTS', KEYS[4], id) == 0 then return -1 end
if redis.call('LINDEX', KEYS[5], ARGV[5]) ~= ARGV[6] then return 0 end
redis.call('LSET', KEYS[5], ARGV[5], ARGV[7])
redis.call('HINCRBY', KEYS[3], id, ARGV[8])
written(id, ARGV[4])
return 1
`;

type Script = { lua: string; sha: string };

const script = (body: string): Script => {
  const lua = PRELUDE + body;
  return { lua, sha: createHash("sha1").update(lua).digest("hex") };
};

export const GUEST_SCRIPTS = {
  countMessage: script(COUNT_MESSAGE),
  read: script(READ),
  create: script(CREATE),
  append: script(APPEND),
  replace: script(REPLACE),
} as const;

/**
 * Runs a script on the guest's keys (and the messages list of `conversationId`, when given): EVALSHA,
 * loading it with EVAL the first time a Redis server has not seen it.
 */
export async function runGuestScript(
  redis: Redis,
  { lua, sha }: Script,
  keys: GuestKeys,
  conversationId: string | null,
  ttlMs: number,
  args: (string | number)[],
): Promise<unknown> {
  const keyList = [keys.sent, keys.recent, keys.bytes, keys.conversations];
  if (conversationId !== null) keyList.push(keys.messagesPrefix + conversationId);
  const argList = [keys.messagesPrefix, ttlMs, ...args];
  try {
    return await redis.evalsha(sha, keyList.length, ...keyList, ...argList);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
    return await redis.eval(lua, keyList.length, ...keyList, ...argList);
  }
}
