import type { ConversationDetail, ConversationSummary, Message, MessagePage } from "@hearth/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { conversations } from "../src/db/schema";
import { insertCharacter } from "./characters-fixtures";
import { call, type TestServer } from "./harness";
import { generate, getConversation, startChatServer } from "./support/chat";
import type { FakeOpenAi } from "./support/fake-openai";
import { guestToken, type SignedUp, signUp } from "./support/members";

let fake: FakeOpenAi;
let server: TestServer;
let member: SignedUp;
let characterId: string;

beforeAll(async () => {
  ({ fake, server } = await startChatServer());
  member = await signUp(server);
  const creator = await signUp(server);
  const character = await insertCharacter(server, {
    creatorUserId: creator.user.id,
    name: "Mara",
    greeting: "Hello {{user}}, I am {{char}}.",
    persona: "A lighthouse keeper.",
  });
  characterId = character.id;
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

beforeEach(() => {
  Object.assign(fake.options, { mode: "ok", delayMs: 0, tokens: null, failures: null });
});

/** A conversation of the greeting and three exchanges: greeting, one, reply, two, reply, three, reply. */
async function threeExchanges(token: string): Promise<{ id: string; messages: Message[] }> {
  const first = await generate(server, token, { character_id: characterId, message: "one" });
  const id = first.done?.conversation_id ?? "";
  for (const text of ["two", "three"]) {
    const next = await generate(server, token, {
      character_id: characterId,
      conversation_id: id,
      message: text,
    });
    expect(next.done, JSON.stringify(next.events)).not.toBeNull();
  }
  const page = await call<MessagePage>(server, `/api/conversations/${id}/messages`, { token });
  expect(page.body.messages.map((m) => m.content)).toEqual([
    expect.stringContaining("Hello"),
    "one",
    "You said: one",
    "two",
    "You said: two",
    "three",
    "You said: three",
  ]);
  return { id, messages: page.body.messages };
}

const messageAt = (messages: Message[], index: number): Message => {
  const message = messages[index];
  if (!message) throw new Error(`No message ${index}`);
  return message;
};

describe("regenerating an older reply (target_message_id)", () => {
  it("writes a new version of that reply from the messages before it and keeps every later message", async () => {
    const { id, messages } = await threeExchanges(member.token);
    const older = messageAt(messages, 2);
    // The memory cut-off the generations at the end set stays as it is.
    const cutoff = messageAt(messages, 1).id;
    await server.database.db
      .update(conversations)
      .set({ oldestIncludedMessageId: cutoff })
      .where(eq(conversations.id, id));
    fake.options.tokens = 2;
    const regenerated = await generate(server, member.token, {
      character_id: characterId,
      conversation_id: id,
      regenerate: true,
      target_message_id: older.id,
    });
    expect(regenerated.status).toBe(200);
    expect(regenerated.start?.user_message).toBeNull();
    expect(regenerated.done?.message).toMatchObject({
      id: older.id,
      content: "You said:",
      alternates: ["You said: one", "You said:"],
      alternate_index: 1,
    });
    // The prompt ends with the member's message the reply answers: nothing after the reply was read.
    const prompt = fake.requests.at(-1)?.messages ?? [];
    expect(prompt.at(-1)).toEqual({ role: "user", content: "one" });
    expect(prompt.some((m) => m.content.includes("two") || m.content.includes("three"))).toBe(false);

    const after = await getConversation(server, member.token, id);
    expect(after.message_count).toBe(7);
    expect(after.messages.map((m) => m.id)).toEqual(messages.map((m) => m.id));
    expect(after.messages.slice(3)).toEqual(messages.slice(3));
    expect(after.oldest_included_message_id).toBe(cutoff);

    // Its versions are chosen like the last reply's.
    const chosen = await call<Message>(server, `/api/messages/${older.id}/alternate`, {
      method: "PUT",
      token: member.token,
      body: { index: 0 },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ content: "You said: one", alternate_index: 0 });

    // Naming the last reply is the same as regenerating it.
    const last = messageAt(messages, 6);
    const again = await generate(server, member.token, {
      character_id: characterId,
      conversation_id: id,
      regenerate: true,
      target_message_id: last.id,
    });
    expect(again.done?.message).toMatchObject({ id: last.id, alternates: ["You said: three", "You said:"] });
    expect(fake.requests.at(-1)?.messages?.at(-1)).toEqual({ role: "user", content: "three" });
  });

  it("branches: the chat cloned up to the older reply goes on from it, the original is untouched", async () => {
    const { id, messages } = await threeExchanges(member.token);
    const older = messageAt(messages, 4);
    const clone = await call<ConversationSummary>(server, `/api/conversations/${id}/clone`, {
      method: "POST",
      token: member.token,
      body: { title: "From the second reply", up_to_message_id: older.id },
    });
    expect(clone.status).toBe(201);
    const branch = await getConversation(server, member.token, clone.body.id);
    expect(branch.messages.map((m) => m.content)).toEqual(messages.slice(0, 5).map((m) => m.content));
    const branchReply = branch.messages.at(-1);
    fake.options.tokens = 2;
    const regenerated = await generate(server, member.token, {
      character_id: characterId,
      conversation_id: clone.body.id,
      regenerate: true,
      target_message_id: branchReply?.id,
    });
    expect(regenerated.done?.message?.alternates).toEqual(["You said: two", "You said:"]);
    const original = await getConversation(server, member.token, id);
    expect(original.messages).toEqual(messages);
  });

  it("refuses, with a clear 4xx and nothing written, a target that is not a reply of this conversation", async () => {
    const { id, messages } = await threeExchanges(member.token);
    const other = await threeExchanges(member.token);
    const requestsBefore = fake.requests.length;
    const attempts: [Record<string, unknown>, number, string][] = [
      [{ regenerate: true, target_message_id: messageAt(messages, 3).id }, 400, "target_message_id"],
      [{ regenerate: true, target_message_id: messageAt(messages, 0).id }, 400, "target_message_id"],
      [{ regenerate: true, target_message_id: messageAt(other.messages, 2).id }, 400, "target_message_id"],
      [
        { regenerate: true, target_message_id: "00000000-0000-4000-8000-000000000000" },
        400,
        "target_message_id",
      ],
      [{ regenerate: true, target_message_id: "not-a-uuid" }, 400, "target_message_id"],
      [{ continue_chat: true, target_message_id: messageAt(messages, 2).id }, 400, "target_message_id"],
      [{ message: "hi", target_message_id: messageAt(messages, 2).id }, 400, "target_message_id"],
    ];
    for (const [flags, status, field] of attempts) {
      const result = await generate(server, member.token, {
        character_id: characterId,
        conversation_id: id,
        ...flags,
      });
      expect(result.status, JSON.stringify(flags)).toBe(status);
      const body = result.body as { error: { code: string; fields?: Record<string, string> } };
      expect(body.error.code).toBe("validation_error");
      expect(Object.keys(body.error.fields ?? {})).toContain(field);
    }
    // Another member's conversation is not found.
    const stranger = await signUp(server);
    const foreign = await generate(server, stranger.token, {
      character_id: characterId,
      conversation_id: id,
      regenerate: true,
      target_message_id: messageAt(messages, 2).id,
    });
    expect(foreign.status).toBe(404);
    expect(fake.requests.length).toBe(requestsBefore);
    const after = await getConversation(server, member.token, id);
    expect(after.messages).toEqual(messages);
  });

  it("works in a guest's chat too", async () => {
    const guest = await guestToken(server);
    const { id, messages } = await threeExchanges(guest);
    const older = messageAt(messages, 2);
    fake.options.tokens = 2;
    const regenerated = await generate(server, guest, {
      character_id: characterId,
      conversation_id: id,
      regenerate: true,
      target_message_id: older.id,
    });
    expect(regenerated.done?.message).toMatchObject({
      id: older.id,
      alternates: ["You said: one", "You said:"],
    });
    expect(fake.requests.at(-1)?.messages?.at(-1)).toEqual({ role: "user", content: "one" });
    const after = await call<ConversationDetail>(server, `/api/conversations/${id}`, { token: guest });
    expect(after.body.messages.map((m) => m.id)).toEqual(messages.map((m) => m.id));
    expect(after.body.messages.slice(3)).toEqual(messages.slice(3));
  });
});
