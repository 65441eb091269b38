import {
  CHAT_LIMITS,
  MESSAGE_CAP_TEXTS,
  MESSAGE_CAPS,
  PERSONA_CAPS,
  PERSONA_MESSAGES,
  TAG_MESSAGES,
} from "@hearth/contracts";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memories, messages, personas, tagSuggestions } from "../src/db/schema";
import { databaseChatStore, type ReplyWrite } from "../src/modules/chat/generation/chat-store";
import { createChatWriter } from "../src/modules/chat/generation/chat-writer";
import { insertMemory } from "../src/modules/chat/memories/repository";
import { createCharacter, insertCharacter, updateUser } from "./characters-fixtures";
import { call, type TestServer } from "./harness";
import { generate, startChatServer } from "./support/chat";
import type { FakeOpenAi } from "./support/fake-openai";
import { expectError, type SignedUp, signUp } from "./support/members";

/**
 * Counted caps under concurrency: more requests than the cap at once, through HTTP, store exactly the cap
 * and refuse the rest with the cap's error. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let fake: FakeOpenAi;
let server: TestServer;
let creator: SignedUp;
let characterId: string;

beforeAll(async () => {
  ({ fake, server } = await startChatServer());
  creator = await signUp(server);
  const character = await insertCharacter(server, {
    creatorUserId: creator.user.id,
    name: "Mara",
    greeting: "Hello.",
  });
  characterId = character.id;
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

/** A new conversation of `token`'s: greeting, user message, reply; answers its id and the reply's id. */
async function newConversation(token: string): Promise<{ conversationId: string; replyId: string }> {
  const result = await generate(server, token, { character_id: characterId, message: "hello" });
  expect(result.done, JSON.stringify(result.events)).not.toBeNull();
  return { conversationId: result.done?.conversation_id ?? "", replyId: result.done?.message?.id ?? "" };
}

const statuses = (responses: { status: number }[]) =>
  responses.reduce<Record<number, number>>((tally, { status }) => {
    tally[status] = (tally[status] ?? 0) + 1;
    return tally;
  }, {});

describe("counted caps under concurrency", () => {
  it("stores exactly memoriesPerConversation memories when more arrive at once", async () => {
    const member = await signUp(server);
    await updateUser(server, member.user.id, { role: "minimal" });
    const cap = CHAT_LIMITS.memoriesPerConversation;
    const create = (conversationId: string, content: string) =>
      call(server, `/api/conversations/${conversationId}/memories`, {
        token: member.token,
        body: { content },
      });
    const countStored = async (conversationId: string) => {
      const [stored] = await server.database.db
        .select({ value: count() })
        .from(memories)
        .where(eq(memories.conversationId, conversationId));
      return stored?.value;
    };
    // From empty: cap + 10 at once.
    const empty = await newConversation(member.token);
    const responses = await Promise.all(
      Array.from({ length: cap + 10 }, (_, i) => create(empty.conversationId, `memory ${i}`)),
    );
    expect(statuses(responses)).toEqual({ 201: cap, 409: 10 });
    for (const refused of responses.filter((r) => r.status === 409)) {
      const error = expectError(refused, 409, "validation_error");
      expect(error.message).toBe(`A conversation keeps at most ${cap} memories. Delete one first.`);
    }
    expect(await countStored(empty.conversationId)).toBe(cap);
    // Two short of the cap: 30 at once all cross the boundary together.
    const nearlyFull = await newConversation(member.token);
    await server.database.db.insert(memories).values(
      Array.from({ length: cap - 2 }, (_, i) => ({
        conversationId: nearlyFull.conversationId,
        content: `old ${i}`,
      })),
    );
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => create(nearlyFull.conversationId, `late ${i}`)),
    );
    expect(statuses(burst)).toEqual({ 201: 2, 409: 28 });
    expect(await countStored(nearlyFull.conversationId)).toBe(cap);
  });

  it("keeps automatic summaries within the cap too, replacing the oldest unpinned one", async () => {
    const member = await signUp(server);
    const { conversationId } = await newConversation(member.token);
    const cap = CHAT_LIMITS.memoriesPerConversation;
    const insert = (i: number) =>
      insertMemory(server.database.db, {
        conversationId,
        content: `summary ${i}`,
        pinned: false,
        source: "auto",
      });
    await Promise.all(Array.from({ length: cap + 10 }, (_, i) => insert(i)));
    const rows = await server.database.db
      .select({ content: memories.content })
      .from(memories)
      .where(eq(memories.conversationId, conversationId));
    expect(rows).toHaveLength(cap);
    // A member's memory is refused at the cap.
    expect(
      await insertMemory(server.database.db, {
        conversationId,
        content: "mine",
        pinned: false,
        source: "user",
      }),
    ).toBe("full");
  });

  it("stores exactly the plan's persona cap when more personas are created at once", async () => {
    const member = await signUp(server);
    const cap = PERSONA_CAPS.free;
    // The default persona made at sign-up counts.
    const extra = cap - 1;
    const responses = await Promise.all(
      Array.from({ length: extra + 9 }, (_, i) =>
        call(server, "/api/personas", {
          token: member.token,
          body: { name: `Persona ${i}`, highlights: "" },
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 201: extra, 403: 9 });
    for (const refused of responses.filter((r) => r.status === 403)) {
      const error = expectError(refused, 403, "persona_limit");
      expect(error.message).toBe(PERSONA_MESSAGES.personaLimit(cap));
    }
    const [stored] = await server.database.db
      .select({ value: count() })
      .from(personas)
      .where(eq(personas.userId, member.user.id));
    expect(stored?.value).toBe(cap);
    const defaults = await server.database.db
      .select({ id: personas.id })
      .from(personas)
      .where(and(eq(personas.userId, member.user.id), eq(personas.isDefault, true)));
    expect(defaults).toHaveLength(1);
  });

  it("keeps at most alternatesMax versions of a reply, refusing regenerate at the cap", async () => {
    const member = await signUp(server);
    await updateUser(server, member.user.id, { role: "basic" });
    const { conversationId, replyId } = await newConversation(member.token);
    const cap = MESSAGE_CAPS.alternatesMax;
    const versions = Array.from({ length: cap - 1 }, (_, i) => `version ${i}`);
    await server.database.db
      .update(messages)
      .set({ alternates: versions, alternateIndex: cap - 2, content: versions.at(-1) ?? "" })
      .where(eq(messages.id, replyId));
    const regenerate = () =>
      generate(server, member.token, {
        character_id: characterId,
        conversation_id: conversationId,
        regenerate: true,
      });
    Object.assign(fake.options, { delayMs: 5 });
    const results = await Promise.all(Array.from({ length: 8 }, regenerate));
    Object.assign(fake.options, { delayMs: 0 });
    // One writes the last version; the others find the conversation busy or the reply full.
    const written = results.filter((result) => result.done?.message);
    expect(written).toHaveLength(1);
    expect(written[0]?.done?.message?.alternates).toHaveLength(cap);
    for (const result of results.filter((r) => !r.done)) {
      expect(result.status).toBe(409);
    }
    const over = await regenerate();
    const error = expectError({ status: over.status, body: over.body }, 409, "validation_error");
    expect(error.message).toBe(MESSAGE_CAP_TEXTS.alternates);
    const [row] = await server.database.db.select().from(messages).where(eq(messages.id, replyId));
    expect(row?.alternates).toHaveLength(cap);
  });

  it("passes no cap when several instances write versions of one reply at once (the message row is locked)", async () => {
    const member = await signUp(server);
    const { conversationId, replyId } = await newConversation(member.token);
    const cap = MESSAGE_CAPS.alternatesMax;
    const versions = Array.from({ length: cap - 3 }, (_, i) => `version ${i}`);
    await server.database.db.update(messages).set({ alternates: versions }).where(eq(messages.id, replyId));
    const [target] = await server.database.db.select().from(messages).where(eq(messages.id, replyId));
    if (!target) throw new Error("no reply");
    // Each writer is a separate store, as on separate instances: no in-process lock between them.
    const newVersion =
      (text: string) =>
      (current: typeof target | null): ReplyWrite => {
        const stored = current?.alternates ?? [];
        if (stored.length >= cap) throw new Error("full");
        const alternates = [...stored, text];
        return { content: text, status: "complete", alternates, alternateIndex: alternates.length - 1 };
      };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        databaseChatStore(
          server.database.db,
          createChatWriter(server.database.prioritySql),
          member.user.id,
        ).saveReply(conversationId, characterId, target, newVersion(`parallel ${i}`), null),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(3);
    const [row] = await server.database.db.select().from(messages).where(eq(messages.id, replyId));
    expect(row?.alternates).toHaveLength(cap);
    // No version was lost: the three parallel ones were appended to what was stored.
    expect(row?.alternates.slice(0, cap - 3)).toEqual(versions);
  });

  it("caps how long a reply grows through continue", async () => {
    const member = await signUp(server);
    const { conversationId, replyId } = await newConversation(member.token);
    const max = MESSAGE_CAPS.continuedReplyMaxChars;
    await server.database.db
      .update(messages)
      .set({ content: "y".repeat(max - 4) })
      .where(eq(messages.id, replyId));
    const continueReply = () =>
      generate(server, member.token, {
        character_id: characterId,
        conversation_id: conversationId,
        continue_chat: true,
      });
    const continued = await continueReply();
    expect(continued.done?.message?.content).toHaveLength(max);
    const over = await continueReply();
    const error = expectError({ status: over.status, body: over.body }, 409, "validation_error");
    expect(error.message).toBe(MESSAGE_CAP_TEXTS.continued);
    const [row] = await server.database.db.select().from(messages).where(eq(messages.id, replyId));
    expect(row?.content).toHaveLength(max);
  });

  it("keeps one tag suggestion per member and character, and at most 12 tags, under parallel requests", async () => {
    const owner = await signUp(server);
    const fan = await signUp(server);
    const character = await createCharacter(server, owner.token, {
      tags: Array.from({ length: 10 }, (_, i) => `tag${i}`),
    });
    const suggestions = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(server, `/api/characters/${character.id}/tag-suggestions`, {
          token: fan.token,
          body: { tags_to_add: [`new${i}`], tags_to_remove: [] },
        }),
      ),
    );
    expect(statuses(suggestions)).toEqual({ 201: 20 });
    const rows = await server.database.db
      .select()
      .from(tagSuggestions)
      .where(eq(tagSuggestions.characterId, character.id));
    expect(rows).toHaveLength(1);
    // Three more would make 13.
    const tooMany = await call(server, `/api/characters/${character.id}/tag-suggestions`, {
      token: fan.token,
      body: { tags_to_add: ["a", "b", "c"], tags_to_remove: [] },
    });
    expect(expectError(tooMany, 400, "validation_error").message).toBe(TAG_MESSAGES.tooMany);

    const lists = Array.from({ length: 10 }, (_, i) => Array.from({ length: 12 }, (_, j) => `set${i}-${j}`));
    const edits = await Promise.all(
      lists.map((tags) =>
        call(server, `/api/characters/${character.id}?switch=T1`, {
          method: "PATCH",
          token: owner.token,
          body: { tags },
        }),
      ),
    );
    expect(statuses(edits)).toEqual({ 200: 10 });
    const read = await call<{ tags: string[] }>(server, `/api/characters/${character.id}`, {
      token: owner.token,
    });
    expect(read.body.tags).toHaveLength(12);
    expect(lists).toContainEqual(read.body.tags);
  });
});
