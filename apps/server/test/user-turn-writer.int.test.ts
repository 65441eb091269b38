import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { characters, conversations, messages } from "../src/db/schema";
import { newMessage } from "../src/modules/chat/generation/chat-store";
import { createUserTurnWriter, type UserTurn } from "../src/modules/chat/generation/user-turn-writer";
import { startServer, type TestServer } from "./harness";
import { signUp } from "./support/members";

describe("user-turn writer (group commit)", () => {
  let server: TestServer;
  let userId: string;
  let characterId: string;

  beforeAll(async () => {
    server = await startServer();
    userId = (await signUp(server)).user.id;
    const [character] = await server.database.db.select({ id: characters.id }).from(characters).limit(1);
    if (!character) throw new Error("no seeded character");
    characterId = character.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const newChat = (character = characterId): UserTurn => {
    const id = randomUUID();
    return {
      conversation: { id, userId, characterId: character, userPersonaId: null },
      messages: [newMessage(id, "bot", "Hello"), newMessage(id, "user", "Hi there")],
    };
  };

  async function stored(turns: UserTurn[]) {
    const ids = turns.map((turn) => turn.conversation?.id ?? "");
    const db = server.database.db;
    const [chats, rows] = await Promise.all([
      db.select({ id: conversations.id }).from(conversations).where(inArray(conversations.id, ids)),
      db.select({ id: messages.id }).from(messages).where(inArray(messages.conversationId, ids)),
    ]);
    return { chats: chats.length, messages: rows.length };
  }

  it("saves every turn of a burst, conversations with their messages", async () => {
    const writer = createUserTurnWriter(server.database.priorityDb);
    const turns = Array.from({ length: 60 }, () => newChat());
    await Promise.all(turns.map((turn) => writer.save(turn)));
    expect(await stored(turns)).toEqual({ chats: 60, messages: 120 });

    const followUps = turns.map((turn) => newMessage(turn.conversation?.id ?? "", "user", "And again"));
    await Promise.all(followUps.map((message) => writer.save({ conversation: null, messages: [message] })));
    expect((await stored(turns)).messages).toBe(180);
  });

  it("fails only the faulty turn of a batch and saves the others", async () => {
    const writer = createUserTurnWriter(server.database.priorityDb);
    // The first two go out alone (the in-flight limit); the rest wait and go together in one batch.
    const before = [newChat(), newChat()];
    const good = [newChat(), newChat()];
    const faulty = newChat(randomUUID()); // no such character
    const orphan = newMessage(randomUUID(), "user", "to no conversation");
    const results = await Promise.allSettled([
      ...before.map((turn) => writer.save(turn)),
      writer.save(good[0] as UserTurn),
      writer.save(faulty),
      writer.save({ conversation: null, messages: [orphan] }),
      writer.save(good[1] as UserTurn),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
      "fulfilled",
    ]);
    expect(await stored([...before, ...good])).toEqual({ chats: 4, messages: 8 });
    expect(await stored([faulty])).toEqual({ chats: 0, messages: 0 });
    const orphans = await server.database.db.select().from(messages).where(eq(messages.id, orphan.id));
    expect(orphans).toHaveLength(0);
  });
});
