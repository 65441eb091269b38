import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type GuestStore,
  guestMessageBytes,
  newMessage,
  type ReplyWrite,
} from "../src/modules/chat/generation/chat-store";
import {
  type GuestStoreOptions,
  InProcessGuestStore,
} from "../src/modules/chat/generation/in-process-guest-store";
import { redisGuestStore } from "../src/modules/chat/generation/redis-guest-store";
import { useTestRedis } from "./support/test-redis";

/**
 * Guests' two stores answer alike: the in-process default, and Redis (a real redis-server), which several
 * instances share (README, Several instances).
 */
const testRedis = useTestRedis();

/** A conversation of a greeting and a user message of `chars` characters; answers its id. */
async function chat(store: GuestStore, guestId: string, chars: number): Promise<string> {
  const id = randomUUID();
  const messages = [newMessage(id, "bot", "Hello"), newMessage(id, "user", "x".repeat(chars))];
  await store
    .chatStore(guestId)
    .create({ id, characterId: "c", userPersonaId: null, messagesSinceSummary: 0 }, messages);
  return id;
}

const bytesOf = (chars: number) =>
  guestMessageBytes(newMessage("", "bot", "Hello")) +
  guestMessageBytes(newMessage("", "user", "x".repeat(chars)));

const replyOf =
  (content: string) =>
  (current: { alternates: string[] } | null): ReplyWrite => ({
    content,
    status: "complete",
    alternates: current ? [...current.alternates, content] : [],
    alternateIndex: current ? current.alternates.length : 0,
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  ["in process", (options: GuestStoreOptions) => new InProcessGuestStore(options)],
  ["Redis", (options: GuestStoreOptions) => redisGuestStore(testRedis.client, options)],
])("the guest store (%s)", (_name, create: (options: GuestStoreOptions) => GuestStore) => {
  const opened: GuestStore[] = [];
  const storeWith = (options: GuestStoreOptions = {}) => {
    const store = create(options);
    opened.push(store);
    return store;
  };
  beforeEach(async () => {
    await testRedis.client.flushall();
  });
  afterEach(() => {
    for (const store of opened.splice(0)) store.close();
  });

  it("keeps a guest's conversation and its messages in order, for that guest only", async () => {
    const store = storeWith();
    const id = await chat(store, "g", 5);
    const more = newMessage(id, "user", "and then?", "Sam");
    await store.chatStore("g").addMessage(more);
    const found = await store.chatStore("g").find(id);
    expect(found).toMatchObject({
      id,
      characterId: "c",
      userPersonaId: null,
      messagesSinceSummary: 0,
      pinnedMemories: [],
    });
    const messages = await store.chatStore("g").messages(id);
    expect(messages.map((message) => message.content)).toEqual(["Hello", "xxxxx", "and then?"]);
    expect(messages.at(-1)).toEqual(more);
    expect((await store.conversation("g", id))?.messages).toEqual(messages);
    expect(await store.conversation("other", id)).toBeNull();
    expect(await store.chatStore("other").find(id)).toBeNull();
    expect(await store.chatStore("other").messages(id)).toEqual([]);
  });

  it("saves a reply as a new message, or as a new version of its target", async () => {
    const store = storeWith();
    const id = await chat(store, "g", 5);
    const guest = store.chatStore("g");
    const first = await guest.saveReply(id, "c", null, replyOf("one"), null);
    expect(first.conversation.id).toBe(id);
    expect(first.message).toMatchObject({ conversationId: id, role: "bot", content: "one" });
    const again = await guest.saveReply(id, "c", first.message, replyOf("two"), null);
    expect(again.message).toMatchObject({ id: first.message.id, content: "two", alternates: ["two"] });
    const messages = await guest.messages(id);
    expect(messages).toHaveLength(3);
    expect(messages.at(-1)).toEqual(again.message);
  });

  it("writes nothing when the reply refuses, and refuses replies to a gone conversation", async () => {
    const store = storeWith();
    const id = await chat(store, "g", 5);
    const guest = store.chatStore("g");
    const refuse = () => {
      throw new Error("too long");
    };
    await expect(guest.saveReply(id, "c", null, refuse, null)).rejects.toThrow("too long");
    expect(await guest.messages(id)).toHaveLength(2);
    await expect(guest.saveReply(randomUUID(), "c", null, replyOf("x"), null)).rejects.toThrow();
    await guest.addMessage(newMessage(randomUUID(), "user", "nowhere"));
  });

  it("keeps one guest within its budget by dropping its least recently used conversations", async () => {
    const store = storeWith({ maxBytesPerGuest: 3 * bytesOf(1000) });
    const first = await chat(store, "g", 1000);
    const second = await chat(store, "g", 1000);
    const third = await chat(store, "g", 1000);
    // Reading the first makes it the most recently used; the next conversation pushes the second out.
    await store.chatStore("g").messages(first);
    const fourth = await chat(store, "g", 1000);
    expect(await store.conversation("g", second)).toBeNull();
    for (const id of [first, third, fourth]) expect(await store.conversation("g", id)).not.toBeNull();
    // Another guest's conversations are not counted against this one's.
    await chat(store, "h", 1000);
    for (const id of [first, third, fourth]) expect(await store.conversation("g", id)).not.toBeNull();
  });

  it("never drops the conversation being written, even past the guest's budget", async () => {
    const store = storeWith({ maxBytesPerGuest: bytesOf(100) });
    const old = await chat(store, "g", 10);
    const big = await chat(store, "g", 5000);
    expect(await store.conversation("g", old)).toBeNull();
    expect((await store.conversation("g", big))?.messages).toHaveLength(2);
    const reply = await store.chatStore("g").saveReply(big, "c", null, replyOf("more"), null);
    expect(reply.message.content).toBe("more");
    expect((await store.conversation("g", big))?.messages).toHaveLength(3);
  });

  it("counts a guest's messages up to the limit, and dropping their chats gives none back", async () => {
    const store = storeWith({ maxBytesPerGuest: bytesOf(100) });
    const counted = [];
    for (let i = 0; i < 4; i++) counted.push(await store.countMessage("g", 3));
    expect(counted).toEqual([true, true, true, false]);
    const first = await chat(store, "g", 50);
    await chat(store, "g", 50);
    expect(await store.conversation("g", first)).toBeNull();
    expect(await store.countMessage("g", 3)).toBe(false);
    expect(await store.countMessage("other", 3)).toBe(true);
  });

  it("lets exactly the limit through when messages are counted at the same time", async () => {
    const store = storeWith();
    const counted = await Promise.all(Array.from({ length: 20 }, () => store.countMessage("g", 5)));
    expect(counted.filter(Boolean)).toHaveLength(5);
  });

  it("forgets a guest's chats and count after the time to live without activity, not before", async () => {
    const store = storeWith({ ttlMs: 400 });
    const id = await chat(store, "g", 10);
    await store.countMessage("g", 1);
    await sleep(250);
    // Activity renews all of the guest's state.
    expect(await store.countMessage("g", 1)).toBe(false);
    await sleep(250);
    expect(await store.conversation("g", id)).not.toBeNull();
    await sleep(400);
    expect(await store.conversation("g", id)).toBeNull();
    expect(await store.chatStore("g").find(id)).toBeNull();
    expect(await store.countMessage("g", 1)).toBe(true);
  });
});

describe("two instances on one Redis", () => {
  it("give every key of a guest the time to live, renewed by activity", async () => {
    await testRedis.client.flushall();
    const store = redisGuestStore(testRedis.client, { ttlMs: 60_000 });
    const id = await chat(store, "g", 5);
    await store.chatStore("g").saveReply(id, "c", null, replyOf("hi"), null);
    await store.countMessage("g", 5);
    const keys = await testRedis.client.keys("hearth:guest:*");
    expect(keys).toHaveLength(5);
    for (const key of keys) {
      const left = await testRedis.client.pttl(key);
      expect(left).toBeGreaterThan(59_000);
      expect(left).toBeLessThanOrEqual(60_000);
    }
  });

  it("share a guest's conversation and let the last message through once", async () => {
    await testRedis.client.flushall();
    const other = new Redis(testRedis.url);
    try {
      const [one, two] = [redisGuestStore(testRedis.client), redisGuestStore(other)];
      const id = await chat(one, "g", 5);
      const reply = await two.chatStore("g").saveReply(id, "c", null, replyOf("from two"), null);
      expect((await one.conversation("g", id))?.messages.at(-1)).toEqual(reply.message);
      const counted = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).countMessage("g", 7)),
      );
      expect(counted.filter(Boolean)).toHaveLength(7);
    } finally {
      await other.quit();
    }
  });
});
