import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client";
import { blockedCreators, characters, lorebooks, personas } from "../src/db/schema";
import { openChangeFeed } from "../src/kernel/change-feed";
import { createGenerationFactsCache } from "../src/modules/chat/generation/facts-cache";
import { createCharacter } from "./characters-fixtures";
import { call, type TestServer } from "./harness";
import { generate, startChatServer } from "./support/chat";
import type { FakeOpenAi } from "./support/fake-openai";
import { type SignedUp, signUp } from "./support/members";

/**
 * What a reply reads before the model starts, kept in memory (chat/generation/facts-cache.ts): read once,
 * and forgotten when the database announces a change to the character or to the member's personas,
 * blocks or lorebooks, whoever made it (PGlite and PostgreSQL).
 */
let fake: FakeOpenAi;
let server: TestServer;
let creator: SignedUp;
let member: SignedUp;

beforeAll(async () => {
  ({ fake, server } = await startChatServer());
  creator = await signUp(server);
  member = await signUp(server);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("generation facts cache", () => {
  it("reads a character and a member once, and again only after a change they read", async () => {
    const character = await createCharacter(server, creator.token, { persona: "A kind bard." });
    let reads = 0;
    const counted = new Proxy(server.database.db, {
      get(target, property, receiver) {
        if (property === "select") reads += 1;
        return Reflect.get(target, property, receiver);
      },
    }) as Database;
    const feed = await openChangeFeed(server.database);
    const cache = createGenerationFactsCache(counted, feed);
    const read = () => cache.read(character.id, member.user.id);
    try {
      const first = await read();
      expect(first?.facts.persona).toBe("A kind bard.");
      expect(first?.facts.creatorBlocked).toBe(false);
      const afterFirst = reads;
      await read();
      expect(reads).toBe(afterFirst);

      // A reply's counters change the row but nothing a reply reads: no notification, still kept.
      await server.database.db
        .update(characters)
        .set({ numMessages: 99 })
        .where(eq(characters.id, character.id));
      await sleep(200);
      await read();
      expect(reads).toBe(afterFirst);

      // An operator's SQL on the definition: seen once the database announces it.
      await server.database.db
        .update(characters)
        .set({ persona: "A retired pirate." })
        .where(eq(characters.id, character.id));
      await expect
        .poll(async () => (await read())?.facts.persona, { timeout: 2000 })
        .toBe("A retired pirate.");

      // The member's side: a new persona, a blocked creator, an all-chats lorebook.
      await server.database.db
        .insert(personas)
        .values({ userId: member.user.id, name: "Captain", highlights: "", isDefault: false });
      await expect
        .poll(async () => (await read())?.facts.personas.map((persona) => persona.name), { timeout: 2000 })
        .toContain("Captain");
      await server.database.db
        .insert(blockedCreators)
        .values({ userId: member.user.id, creatorUserId: creator.user.id });
      await expect.poll(async () => (await read())?.facts.creatorBlocked, { timeout: 2000 }).toBe(true);
      await server.database.db.delete(blockedCreators).where(eq(blockedCreators.userId, member.user.id));
      await server.database.db.insert(lorebooks).values({
        userId: member.user.id,
        name: "World",
        entryCount: 0,
        book: { name: "World", entries: [] },
        allChats: true,
      });
      await expect.poll(async () => (await read())?.allChatsBooks.length, { timeout: 2000 }).toBe(1);
      expect((await read())?.facts.creatorBlocked).toBe(false);
    } finally {
      cache.close();
      await feed.close();
    }
  });

  it("gives the next reply an edit and a block made through the API at once", async () => {
    const character = await createCharacter(server, creator.token, { persona: "A kind bard." });
    const reply = () => generate(server, member.token, { character_id: character.id, message: "hi" });
    expect((await reply()).done).not.toBeNull();
    expect(JSON.stringify(fake.requests.at(-1)?.messages)).toContain("A kind bard.");

    const edited = await call(server, `/api/characters/${character.id}`, {
      method: "PATCH",
      token: creator.token,
      body: { persona: "A grumpy wizard." },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await reply()).done).not.toBeNull();
    const prompt = JSON.stringify(fake.requests.at(-1)?.messages);
    expect(prompt).toContain("A grumpy wizard.");
    expect(prompt).not.toContain("A kind bard.");

    const blocked = await call(server, "/api/users/blocked-creators", {
      token: member.token,
      body: { creator_id: creator.user.id },
    });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(201);
    const refused = await reply();
    expect(refused.status).toBe(403);
  });
});
