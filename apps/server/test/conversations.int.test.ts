import { CHAT_LIMITS, type ConversationSummary, type Memory, type Message } from "@hearth/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCharacter, updateUser } from "./characters-fixtures";
import { call, type TestServer } from "./harness";
import { generate, getConversation, startChatServer } from "./support/chat";
import type { FakeOpenAi } from "./support/fake-openai";
import { type SignedUp, signUp } from "./support/members";

let fake: FakeOpenAi;
let server: TestServer;
let member: SignedUp;
let other: SignedUp;
let characterId: string;

beforeAll(async () => {
  ({ fake, server } = await startChatServer());
  member = await signUp(server);
  other = await signUp(server);
  await updateUser(server, member.user.id, { role: "minimal" });
  const character = await insertCharacter(server, {
    creatorUserId: other.user.id,
    name: "Ivo",
    greeting: "Hi.",
  });
  characterId = character.id;
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function chat(messages: string[]): Promise<string> {
  let conversationId: string | undefined;
  for (const message of messages) {
    const result = await generate(server, member.token, {
      character_id: characterId,
      conversation_id: conversationId,
      message,
    });
    conversationId = result.done?.conversation_id;
  }
  if (!conversationId) throw new Error("no conversation");
  return conversationId;
}

describe("conversations", () => {
  it("lists newest activity first with a keyset cursor and is_last_id, per character too", async () => {
    const ids = [await chat(["a"]), await chat(["b"]), await chat(["c"])];
    const first = await call<{ data: ConversationSummary[] }>(server, "/api/conversations?limit=2", {
      token: member.token,
    });
    expect(first.body.data.map((c) => c.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.data[0]?.last_message?.content).toBe("You said: c");
    expect(first.body.data[0]?.character.name).toBe("Ivo");
    expect(first.body.data.map((c) => c.is_last_id)).toEqual([false, false]);
    const next = await call<{ data: ConversationSummary[] }>(
      server,
      `/api/conversations?limit=2&last_id=${first.body.data[1]?.id}`,
      { token: member.token },
    );
    expect(next.body.data.map((c) => c.id)).toEqual([ids[0]]);
    expect(next.body.data[0]?.is_last_id).toBe(true);
    const perCharacter = await call<{ data: ConversationSummary[] }>(
      server,
      `/api/characters/${characterId}/conversations`,
      {
        token: member.token,
      },
    );
    expect(perCharacter.body.data).toHaveLength(3);
    const others = await call<{ data: ConversationSummary[] }>(server, "/api/conversations", {
      token: other.token,
    });
    expect(others.body.data).toEqual([]);
  });

  it("renames (max 50), changes persona, deletes; owner only", async () => {
    const id = await chat(["hello"]);
    const tooLong = await call(server, `/api/conversations/${id}`, {
      method: "PUT",
      token: member.token,
      body: { label: "x".repeat(51) },
    });
    expect(tooLong.status).toBe(400);
    const renamed = await call<ConversationSummary>(server, `/api/conversations/${id}`, {
      method: "PUT",
      token: member.token,
      body: { label: "  Night watch  " },
    });
    expect(renamed.body.label).toBe("Night watch");
    const persona = await call<{ id: string }>(server, "/api/personas", {
      token: member.token,
      body: { name: "Captain" },
    });
    expect(persona.status).toBe(201);
    const changed = await call<ConversationSummary>(server, `/api/conversations/${id}`, {
      method: "PUT",
      token: member.token,
      body: { user_persona_id: persona.body.id },
    });
    expect(changed.body.user_persona_id).toBe(persona.body.id);
    await generate(server, member.token, {
      character_id: characterId,
      conversation_id: id,
      message: "who am I",
    });
    expect(fake.requests.at(-1)?.messages?.[0]?.content).toContain("Captain");
    const relabelled = await getConversation(server, member.token, id);
    expect(relabelled.persona?.name).toBe("Captain");
    const names = Object.fromEntries(relabelled.messages.map((m) => [m.content, m.persona_name]));
    expect(names["who am I"]).toBe("Captain");
    expect(names.hello).toBeTruthy();
    expect(names.hello).not.toBe("Captain");
    expect(names["You said: hello"]).toBeNull();

    const foreign = await call(server, `/api/conversations/${id}`, { token: other.token });
    expect(foreign.status).toBe(404);
    const foreignDelete = await call(server, `/api/conversations/${id}`, {
      method: "DELETE",
      token: other.token,
    });
    expect(foreignDelete.status).toBe(404);
    const deleted = await call(server, `/api/conversations/${id}`, { method: "DELETE", token: member.token });
    expect(deleted.status).toBe(204);
    expect((await call(server, `/api/conversations/${id}`, { token: member.token })).status).toBe(404);
  });

  it("clones fully or up to a message, and removes from a chosen message on", async () => {
    const id = await chat(["one", "two", "three"]);
    const source = await getConversation(server, member.token, id);
    expect(source.messages).toHaveLength(7);
    const full = await call<ConversationSummary>(server, `/api/conversations/${id}/clone`, {
      token: member.token,
      body: { title: "Copy" },
    });
    expect(full.status).toBe(201);
    expect(full.body.label).toBe("Copy");
    expect(
      (await getConversation(server, member.token, full.body.id)).messages.map((m) => m.content),
    ).toEqual(source.messages.map((m) => m.content));
    const partial = await call<ConversationSummary>(server, `/api/conversations/${id}/clone`, {
      token: member.token,
      body: { title: "Part", up_to_message_id: source.messages[2]?.id },
    });
    expect(
      (await getConversation(server, member.token, partial.body.id)).messages.map((m) => m.content),
    ).toEqual(["Hi.", "one", "You said: one"]);
    const blank = await call(server, `/api/conversations/${id}/clone`, {
      token: member.token,
      body: { title: "  " },
    });
    expect(blank.status).toBe(400);

    const removed = await call<{ removed: number }>(
      server,
      `/api/conversations/${id}/messages?from_message_id=${source.messages[3]?.id}`,
      { method: "DELETE", token: member.token },
    );
    expect(removed.body.removed).toBe(4);
    expect((await getConversation(server, member.token, id)).messages).toHaveLength(3);
  });

  it("opens a 5,000-message conversation on its newest page and pages both ways from a message", async () => {
    const id = await chat(["start"]);
    await server.database.db.execute(sql`
      insert into messages (conversation_id, role, content, created_at)
      select ${id}::uuid, case when i % 2 = 0 then 'user' else 'bot' end, 'message number ' || i,
             now() + (i || ' milliseconds')::interval
      from generate_series(1, 4997) as i`);
    const conversation = await getConversation(server, member.token, id);
    expect(conversation.message_count).toBe(5000);
    expect(conversation.messages).toHaveLength(CHAT_LIMITS.messagePageSize);
    expect(conversation.messages.at(-1)?.content).toBe("message number 4997");
    expect(conversation.has_more_before).toBe(true);

    type Page = { messages: Message[]; has_more_before: boolean; has_more_after: boolean };
    const page = (query: string) =>
      call<Page>(server, `/api/conversations/${id}/messages?${query}`, { token: member.token });
    const older = await page(`before_id=${conversation.messages[0]?.id}&limit=100`);
    expect(older.status).toBe(200);
    expect(older.body.messages.map((m) => m.content)).toEqual(
      Array.from({ length: 100 }, (_, i) => `message number ${4848 + i}`),
    );
    expect([older.body.has_more_before, older.body.has_more_after]).toEqual([true, true]);

    // Walking back to the first message reaches the greeting, with nothing before it.
    let cursor = older.body.messages[0]?.id;
    let first: Page | undefined;
    for (let guard = 0; cursor && guard < 30; guard++) {
      const back = await page(`before_id=${cursor}&limit=200`);
      first = back.body;
      cursor = back.body.has_more_before ? back.body.messages[0]?.id : undefined;
    }
    expect(first?.messages[0]?.content).toBe("Hi.");
    expect(first?.has_more_before).toBe(false);

    const newer = await page(`after_id=${older.body.messages.at(-1)?.id}&limit=200`);
    expect(newer.body.messages).toHaveLength(50);
    expect(newer.body.messages.at(-1)?.content).toBe("message number 4997");
    expect([newer.body.has_more_before, newer.body.has_more_after]).toEqual([true, false]);

    expect((await page(`before_id=${older.body.messages[0]?.id}&after_id=${id}`)).status).toBe(400);
    expect((await page(`limit=${CHAT_LIMITS.messagePageMax + 1}`)).status).toBe(400);
    // A message of another conversation is no cursor here.
    const otherId = await chat(["elsewhere"]);
    const foreignCursor = (await getConversation(server, member.token, otherId)).messages[0]?.id;
    expect((await page(`before_id=${foreignCursor}`)).status).toBe(404);
    const stranger = await call(server, `/api/conversations/${id}/messages`, { token: other.token });
    expect(stranger.status).toBe(404);
  });
});

describe("messages", () => {
  it("edits, rates once (409 after), and reports", async () => {
    const id = await chat(["rate me"]);
    const [, userMessage, reply] = (await getConversation(server, member.token, id)).messages;
    const edited = await call<Message>(server, `/api/messages/${userMessage?.id}`, {
      method: "PUT",
      token: member.token,
      body: { content: " edited " },
    });
    expect(edited.body.content).toBe("edited");
    expect(
      (
        await call(server, `/api/messages/${userMessage?.id}`, {
          method: "PUT",
          token: other.token,
          body: { content: "x" },
        })
      ).status,
    ).toBe(404);

    const rated = await call<Message>(server, `/api/messages/${reply?.id}/rating`, {
      token: member.token,
      body: { rating: 4, label: "Funny" },
    });
    expect(rated.status).toBe(201);
    expect(rated.body).toMatchObject({ rating: 4, rating_label: "Funny" });
    const again = await call(server, `/api/messages/${reply?.id}/rating`, {
      token: member.token,
      body: { rating: 1 },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: "already_rated" } });
    expect((await getConversation(server, member.token, id)).messages[2]?.rating).toBe(4);
    const labelAgain = await call(server, `/api/messages/${reply?.id}/rating`, {
      token: member.token,
      body: { label: "Creative" },
    });
    expect(labelAgain.status).toBe(409);

    const report = await call<{ id: string }>(server, `/api/messages/${reply?.id}/report`, {
      token: member.token,
      body: { conversation_id: id, character_id: characterId, label: "Offensive", comment: "" },
    });
    expect(report.status).toBe(201);
    expect(report.body.id).toBeTruthy();
    const wrong = await call(server, `/api/messages/${reply?.id}/report`, {
      token: member.token,
      body: { conversation_id: id, character_id: id, label: "Offensive" },
    });
    expect(wrong.status).toBe(400);
  });

  it("takes a star alone, then one follow-up label for that star (chat spec 4)", async () => {
    const id = await chat(["rate me in two steps"]);
    const reply = (await getConversation(server, member.token, id)).messages[2];
    const rate = (body: { rating?: number; label?: string }) =>
      call<Message>(server, `/api/messages/${reply?.id}/rating`, { token: member.token, body });
    const star = await rate({ rating: 3 });
    expect(star.status).toBe(201);
    expect(star.body).toMatchObject({ rating: 3, rating_label: null });
    expect((await rate({ rating: 2, label: "Boring" })).status).toBe(409);
    const followUp = await rate({ rating: 3, label: "Creative" });
    expect(followUp.status).toBe(201);
    expect(followUp.body).toMatchObject({ rating: 3, rating_label: "Creative" });
    expect((await rate({ label: "Funny" })).status).toBe(409);
    const stored = (await getConversation(server, member.token, id)).messages[2];
    expect(stored).toMatchObject({ rating: 3, rating_label: "Creative" });
  });
});

describe("memories", () => {
  it("needs memory_manager, keeps 250 characters, and pinned ones go into the prompt", async () => {
    const id = await chat(["remember"]);
    const free = await signUp(server);
    expect((await call(server, `/api/conversations/${id}/memories`, { token: free.token })).status).toBe(403);
    const tooLong = await call(server, `/api/conversations/${id}/memories`, {
      token: member.token,
      body: { content: "x".repeat(251) },
    });
    expect(tooLong.status).toBe(400);
    const pinned = await call<Memory>(server, `/api/conversations/${id}/memories`, {
      token: member.token,
      body: { content: "The key is under the blue stone.", pinned: true },
    });
    expect(pinned.status).toBe(201);
    const loose = await call<Memory>(server, `/api/conversations/${id}/memories`, {
      token: member.token,
      body: { content: "Ivo dislikes rain." },
    });
    await generate(server, member.token, {
      character_id: characterId,
      conversation_id: id,
      message: "where is the key",
    });
    const system = fake.requests.at(-1)?.messages?.[0]?.content ?? "";
    expect(system).toContain("The key is under the blue stone.");
    expect(system).not.toContain("Ivo dislikes rain.");

    const updated = await call<Memory>(server, `/api/memories/${loose.body.id}`, {
      method: "PUT",
      token: member.token,
      body: { pinned: true },
    });
    expect(updated.body.pinned).toBe(true);
    const list = await call<{ data: Memory[] }>(server, `/api/conversations/${id}/memories`, {
      token: member.token,
    });
    expect(list.body.data.map((m) => m.content)).toEqual([
      "The key is under the blue stone.",
      "Ivo dislikes rain.",
    ]);
    expect(
      (await call(server, `/api/memories/${pinned.body.id}`, { method: "DELETE", token: other.token }))
        .status,
    ).toBe(403);
    expect(
      (await call(server, `/api/memories/${pinned.body.id}`, { method: "DELETE", token: member.token }))
        .status,
    ).toBe(204);
  });
});
