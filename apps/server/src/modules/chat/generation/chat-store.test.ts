import { randomUUID } from "node:crypto";
import { GUEST_CHAT_CAPS } from "@hearth/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../config";
import { guestMessageBytes, newMessage } from "./chat-store";
import { type GuestStoreOptions, InProcessGuestStore } from "./in-process-guest-store";

const stores: InProcessGuestStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function storeWith(options: GuestStoreOptions): InProcessGuestStore {
  const store = new InProcessGuestStore(options);
  stores.push(store);
  return store;
}

/** A conversation of one greeting and one user message of `chars` characters; answers its id. */
async function chat(store: InProcessGuestStore, guestId: string, chars: number): Promise<string> {
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

describe("guest chat store caps", () => {
  it("estimates a message as 2 bytes a character of every version plus an overhead", () => {
    const message = { ...newMessage("", "bot", "abcd"), alternates: ["ab", "abcd"] };
    expect(guestMessageBytes(message)).toBe((4 + 2 + 4) * 2 + GUEST_CHAT_CAPS.messageOverheadBytes);
  });

  it("keeps one guest within its budget by dropping its least recently used conversations", async () => {
    const store = storeWith({ maxBytesPerGuest: 3 * bytesOf(1000) });
    const first = await chat(store, "g", 1000);
    const second = await chat(store, "g", 1000);
    const third = await chat(store, "g", 1000);
    expect(store.heldBytes).toBe(3 * bytesOf(1000));
    // Reading the first makes it the most recently used; the next conversation pushes the second out.
    await store.chatStore("g").messages(first);
    const fourth = await chat(store, "g", 1000);
    expect(await store.conversation("g", second)).toBeNull();
    for (const id of [first, third, fourth]) expect(await store.conversation("g", id)).not.toBeNull();
    expect(store.heldBytes).toBe(3 * bytesOf(1000));
  });

  it("never drops the conversation being written, even past the guest's budget", async () => {
    const store = storeWith({ maxBytesPerGuest: bytesOf(100) });
    const old = await chat(store, "g", 10);
    const big = await chat(store, "g", 5000);
    expect(await store.conversation("g", old)).toBeNull();
    expect((await store.conversation("g", big))?.messages).toHaveLength(2);
    const reply = await store
      .chatStore("g")
      .saveReply(
        big,
        "c",
        null,
        () => ({ content: "more", status: "complete", alternates: [], alternateIndex: 0 }),
        null,
      );
    expect(reply.message.content).toBe("more");
    expect((await store.conversation("g", big))?.messages).toHaveLength(3);
  });

  it("keeps all guests within the total by dropping the least recently active guests' chats, not their counts", async () => {
    const store = storeWith({ maxTotalBytes: 3 * bytesOf(1000) });
    const a = await chat(store, "a", 1000);
    store.session("a").messagesSent = 7;
    const b = await chat(store, "b", 1000);
    const c = await chat(store, "c", 1000);
    // "b" is used again, so "a" is the least recently active when "d" arrives.
    await store.chatStore("b").find(b);
    const d = await chat(store, "d", 1000);
    expect(await store.conversation("a", a)).toBeNull();
    for (const [guest, id] of [
      ["b", b],
      ["c", c],
      ["d", d],
    ] as const) {
      expect(await store.conversation(guest, id)).not.toBeNull();
    }
    expect(store.heldBytes).toBeLessThanOrEqual(3 * bytesOf(1000));
    // The evicted guest's allowance is not reset.
    expect(store.session("a").messagesSent).toBe(7);
  });

  it("holds a bounded total however many guests chat", async () => {
    const limit = 20 * bytesOf(2000);
    const store = storeWith({ maxTotalBytes: limit });
    for (let guest = 0; guest < 500; guest++) {
      await chat(store, `guest-${guest}`, 2000);
      expect(store.heldBytes).toBeLessThanOrEqual(limit);
    }
    expect(store.heldBytes).toBe(limit);
  });

  it("remembers at most maxSessions guests, forgetting the least recently active", () => {
    const store = storeWith({ maxSessions: 3 });
    for (const guest of ["a", "b", "c"]) store.session(guest).messagesSent = 5;
    store.session("a");
    store.session("d");
    expect(store.session("a").messagesSent).toBe(5);
    expect(store.session("c").messagesSent).toBe(5);
    expect(store.session("b").messagesSent).toBe(0);
  });

  it("gives back the bytes of expired guests", async () => {
    const store = storeWith({ ttlMs: 1 });
    await chat(store, "g", 100);
    expect(store.heldBytes).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    store.sweep();
    expect(store.heldBytes).toBe(0);
  });

  it("takes the total from GUEST_CHATS_MAX_MB (64 MB by default)", () => {
    expect(loadConfig({}).guestChatsMaxBytes).toBe(GUEST_CHAT_CAPS.defaultTotalMb * 1024 * 1024);
    expect(loadConfig({ GUEST_CHATS_MAX_MB: "8" }).guestChatsMaxBytes).toBe(8 * 1024 * 1024);
    expect(() => loadConfig({ GUEST_CHATS_MAX_MB: "0" })).toThrow(/GUEST_CHATS_MAX_MB/);
  });
});
