import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { characters, conversations, messages } from "../src/db/schema";
import { newMessage } from "../src/modules/chat/generation/chat-store";
import {
  BATCH_STATEMENT,
  createChatWriter,
  type NewReply,
  type UserTurn,
} from "../src/modules/chat/generation/chat-writer";
import { startServer, type TestServer } from "./harness";
import { signUp } from "./support/members";

describe("chat writer (group commit of users' turns and replies)", () => {
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

  const replyTo = (turn: UserTurn, oldest: string | null | undefined = null): NewReply => ({
    message: {
      ...newMessage(turn.conversation?.id ?? "", "bot", 'A reply, "quoted" and \\ slashed'),
      alternates: ["first", "second"],
      alternateIndex: 1,
      promptReport: { lore: [{ entry: "x" }], tokens: 12 },
    },
    characterId,
    oldestIncludedMessageId: oldest,
  });

  async function stored(turns: UserTurn[]) {
    const ids = turns.map((turn) => turn.conversation?.id ?? "");
    const db = server.database.db;
    const [chats, rows] = await Promise.all([
      db.select({ id: conversations.id }).from(conversations).where(inArray(conversations.id, ids)),
      db.select({ id: messages.id }).from(messages).where(inArray(messages.conversationId, ids)),
    ]);
    return { chats: chats.length, messages: rows.length };
  }

  const messageCount = async () =>
    (
      await server.database.db
        .select({ count: characters.numMessages })
        .from(characters)
        .where(eq(characters.id, characterId))
    )[0]?.count ?? 0;

  it("saves every turn of a burst, conversations with their messages", async () => {
    const writer = createChatWriter(server.database.prioritySql);
    const turns = Array.from({ length: 60 }, () => newChat());
    await Promise.all(turns.map((turn) => writer.saveTurn(turn)));
    expect(await stored(turns)).toEqual({ chats: 60, messages: 120 });

    const followUps = turns.map((turn) => newMessage(turn.conversation?.id ?? "", "user", "And again"));
    await Promise.all(
      followUps.map((message) => writer.saveTurn({ conversation: null, messages: [message] })),
    );
    expect((await stored(turns)).messages).toBe(180);
  });

  it("saves a burst of replies with the conversations' activity and the character's count", async () => {
    const writer = createChatWriter(server.database.prioritySql);
    const turns = Array.from({ length: 40 }, () => newChat());
    await Promise.all(turns.map((turn) => writer.saveTurn(turn)));
    const before = await messageCount();
    const firstIds = turns.map((turn) => turn.messages[0]?.id ?? null);
    // Replies and new turns mixed in the same batches; half keep their memory cut-off (undefined).
    const others = Array.from({ length: 10 }, () => newChat());
    const [saved] = await Promise.all([
      Promise.all(turns.map((turn, i) => writer.saveReply(replyTo(turn, i % 2 ? undefined : firstIds[i])))),
      Promise.all(others.map((turn) => writer.saveTurn(turn))),
    ]);
    expect(await messageCount()).toBe(before + 40);
    expect(saved.map((conversation) => conversation.id)).toEqual(turns.map((turn) => turn.conversation?.id));
    expect(saved.every((conversation) => conversation.messagesSinceSummary === 1)).toBe(true);
    expect(await stored([...turns, ...others])).toEqual({ chats: 50, messages: 140 });

    const ids = turns.map((turn) => turn.conversation?.id ?? "");
    const rows = await server.database.db
      .select({ id: conversations.id, oldest: conversations.oldestIncludedMessageId })
      .from(conversations)
      .where(inArray(conversations.id, ids));
    const oldestOf = new Map(rows.map((row) => [row.id, row.oldest]));
    turns.forEach((turn, i) => {
      expect(oldestOf.get(turn.conversation?.id ?? "")).toBe(i % 2 ? null : firstIds[i]);
    });
    const bots = await server.database.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, ids[0] ?? ""));
    const written = bots.find((message) => message.content.startsWith("A reply"));
    expect(written).toMatchObject({
      role: "bot",
      content: 'A reply, "quoted" and \\ slashed',
      alternates: ["first", "second"],
      alternateIndex: 1,
      promptReport: { lore: [{ entry: "x" }], tokens: 12 },
      status: "complete",
      personaName: null,
      imageIsNsfw: false,
    });
  });

  it("fails only the faulty write of a batch and saves the others", async () => {
    const writer = createChatWriter(server.database.prioritySql);
    // The first two go out alone (the in-flight limit); the rest wait and go together in one batch.
    const before = [newChat(), newChat()];
    const good = [newChat(), newChat()];
    const faulty = newChat(randomUUID()); // no such character
    const orphan = newMessage(randomUUID(), "user", "to no conversation");
    const goneReply = replyTo(newChat()); // its conversation was never saved
    const results = await Promise.allSettled([
      ...before.map((turn) => writer.saveTurn(turn)),
      writer.saveTurn(good[0] as UserTurn),
      writer.saveTurn(faulty),
      writer.saveTurn({ conversation: null, messages: [orphan] }),
      writer.saveReply(goneReply),
      writer.saveTurn(good[1] as UserTurn),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
      "rejected",
      "fulfilled",
    ]);
    expect(await stored([...before, ...good])).toEqual({ chats: 4, messages: 8 });
    expect(await stored([faulty])).toEqual({ chats: 0, messages: 0 });
    const lost = await server.database.db
      .select()
      .from(messages)
      .where(inArray(messages.id, [orphan.id, goneReply.message.id]));
    expect(lost).toHaveLength(0);
  });

  it("finds the rows a batch updates by their keys, without reading the whole conversations table", async () => {
    // Enough conversations that scanning them all looks cheap to the planner only when it expects about
    // a hundred rows to update, as it did for the documents of jsonb_to_recordset (3.5 ms a batch at 16,000).
    await server.database.executeSql(
      `insert into conversations (user_id, character_id) select $1, $2 from generate_series(1, 20000)`,
      [userId, characterId],
    );
    await server.database.executeSql("analyze conversations");
    await server.database.executeSql("analyze characters");
    const replied = Array.from({ length: 3 }, () => newChat());
    const writer = createChatWriter(server.database.prioritySql);
    await Promise.all(replied.map((turn) => writer.saveTurn(turn)));
    const { rows } = await server.database.executeSql(`explain (format json) ${BATCH_STATEMENT}`, [
      "[]",
      "[]",
      [characterId],
      [3],
      replied.map((turn) => turn.conversation?.id),
      [true, false, true],
      [null, replied[1]?.messages[0]?.id, null],
    ]);
    const plan = JSON.stringify(rows);
    expect(plan).toContain('"Relation Name":"conversations"');
    expect(plan).toContain('"Index Name":"conversations_pkey"');
    expect(plan).not.toMatch(/"Node Type":"Seq Scan"[^{}]*"Relation Name":"conversations"/);
  });
});
