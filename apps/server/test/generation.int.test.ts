import {
  AUTO_MEMORY_EVERY_MESSAGES,
  ERROR_MESSAGES,
  FREE_DAILY_MESSAGE_LIMIT,
  GUEST_MESSAGE_LIMIT,
  generateDoneEventSchema,
  MESSAGE_LIMIT_TEXTS,
  type Memory,
} from "@hearth/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { blockedCreators, chatUsage, conversations } from "../src/db/schema";
import { announceChange } from "../src/kernel/change-feed";
import { insertCharacter, updateUser } from "./characters-fixtures";
import { call, type TestServer } from "./harness";
import { eventually, generate, getConversation, startChatServer } from "./support/chat";
import type { FakeOpenAi } from "./support/fake-openai";
import { guestToken, type SignedUp, signUp } from "./support/members";

let fake: FakeOpenAi;
let server: TestServer;
let member: SignedUp;
let creator: SignedUp;
let characterId: string;

beforeAll(async () => {
  ({ fake, server } = await startChatServer());
  member = await signUp(server);
  creator = await signUp(server);
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

async function startConversation(token = member.token, message = "hello there") {
  const result = await generate(server, token, { character_id: characterId, message });
  expect(result.done, JSON.stringify(result.events)).not.toBeNull();
  return result;
}

describe("POST /api/generate", () => {
  it("streams start, tokens in order, then done with the saved message", async () => {
    const result = await startConversation(member.token, "hello brave new world");
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(result.headers.get("cache-control")).toBe("no-cache, no-transform");
    // fetch asks for gzip and brotli; an event stream is never compressed (each event leaves as written).
    expect(result.headers.get("content-encoding")).toBeNull();
    // Headers set by plugins survive the hijack.
    expect(result.headers.get("x-content-type-options")).toBe("nosniff");
    expect(result.events.map((e) => e.event)).toEqual([
      "start",
      "token",
      "token",
      "token",
      "token",
      "token",
      "token",
      "done",
    ]);
    expect(result.tokens.join("")).toBe("You said: hello brave new world");
    const done = generateDoneEventSchema.parse(result.done);
    expect(done.message?.content).toBe("You said: hello brave new world");
    expect(done.message?.status).toBe("complete");
    expect(result.start?.user_message?.content).toBe("hello brave new world");

    const conversation = await getConversation(server, member.token, done.conversation_id);
    // {{user}} is the name of the member's default persona.
    const userName = conversation.persona?.name;
    expect(userName).toBeTruthy();
    expect(conversation.messages.map((m) => [m.role, m.content])).toEqual([
      ["bot", `Hello ${userName}, I am Mara.`],
      ["user", "hello brave new world"],
      ["bot", "You said: hello brave new world"],
    ]);
    expect(conversation.character.name).toBe("Mara");
    // The prompt carries the character and the history; the greeting had its macros applied.
    const sent = fake.requests.at(-1);
    expect(sent?.messages?.[0]?.role).toBe("system");
    expect(sent?.messages?.[0]?.content).toContain("A lighthouse keeper.");
    expect(sent?.messages?.at(-1)).toEqual({ role: "user", content: "hello brave new world" });
  });

  it("answers validation errors as JSON before any stream", async () => {
    const missing = await generate(server, member.token, { character_id: characterId });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: { code: "validation_error" } });
    const twoModes = await generate(server, member.token, {
      character_id: characterId,
      message: "hi",
      regenerate: true,
    });
    expect(twoModes.status).toBe(400);
    const anonymous = await fetch(`${server.url}/api/generate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ character_id: characterId, type: "text", message: "hi" }),
    });
    expect(anonymous.status).toBe(401);
  });

  it("keeps the user message and the partial reply (cut) when the client disconnects", async () => {
    const first = await startConversation();
    const conversationId = first.done?.conversation_id ?? "";
    Object.assign(fake.options, { delayMs: 20, tokens: 60 });
    const cut = await generate(
      server,
      member.token,
      { character_id: characterId, conversation_id: conversationId, message: "tell me a long story" },
      { abortAfterTokens: 3 },
    );
    expect(cut.tokens.length).toBe(3);
    const conversation = await eventually(
      () => getConversation(server, member.token, conversationId),
      (c) => c.messages.length === 5,
    );
    const [userMessage, reply] = conversation.messages.slice(-2);
    expect(userMessage?.content).toBe("tell me a long story");
    expect(reply?.role).toBe("bot");
    expect(reply?.status).toBe("cut");
    expect(reply?.content.startsWith(cut.tokens.join(""))).toBe(true);
    expect(reply?.content.split(" ").length).toBeLessThan(60);
    await eventually(
      async () => fake.openStreams(),
      (open) => open === 0,
    );
    expect(fake.openStreams()).toBe(0);
  });

  it("refuses a second generation on the same conversation while one streams (409), never interleaving", async () => {
    const first = await startConversation();
    const conversationId = first.done?.conversation_id ?? "";
    Object.assign(fake.options, { delayMs: 10, tokens: 15 });
    let second: Awaited<ReturnType<typeof generate>> | null = null;
    const running = await generate(
      server,
      member.token,
      { character_id: characterId, conversation_id: conversationId, message: "one" },
      {
        onStart: async () => {
          second = await generate(server, member.token, {
            character_id: characterId,
            conversation_id: conversationId,
            message: "two",
          });
        },
      },
    );
    expect(running.done?.message?.content.split(" ")).toHaveLength(15);
    expect(second).not.toBeNull();
    const conflict = second as unknown as Awaited<ReturnType<typeof generate>>;
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ error: { code: "generation_in_progress" } });
    const conversation = await getConversation(server, member.token, conversationId);
    expect(conversation.messages.map((m) => m.role)).toEqual(["bot", "user", "bot", "user", "bot"]);
    expect(conversation.messages.some((m) => m.content === "two")).toBe(false);
    // Once done, the conversation takes the next message.
    Object.assign(fake.options, { delayMs: 0, tokens: null });
    const next = await generate(server, member.token, {
      character_id: characterId,
      conversation_id: conversationId,
      message: "three",
    });
    expect(next.done?.message?.content).toBe("You said: three");
  });

  it("answers invalidAccess for a private character someone else owns, and for a deleted one", async () => {
    const hidden = await insertCharacter(server, { creatorUserId: creator.user.id, visibility: "private" });
    const result = await generate(server, member.token, { character_id: hidden.id, message: "hi" });
    expect(result.status).toBe(403);
    expect(result.body).toEqual({ error: { code: "invalidAccess", message: ERROR_MESSAGES.invalidAccess } });
    const deleted = await insertCharacter(server, { creatorUserId: creator.user.id, isDeleted: true });
    const gone = await generate(server, member.token, { character_id: deleted.id, message: "hi" });
    expect(gone.body).toMatchObject({ error: { code: "invalidAccess" } });
    // The creator may chat with their own private character.
    const own = await generate(server, creator.token, { character_id: hidden.id, message: "hi" });
    expect(own.done).not.toBeNull();
  });

  it("answers blockedBotCreator when the member blocked the creator", async () => {
    const blocker = await signUp(server);
    const someoneElse = await signUp(server);
    // Blocking another creator leaves this character open.
    await server.database.db
      .insert(blockedCreators)
      .values({ userId: blocker.user.id, creatorUserId: someoneElse.user.id });
    await startConversation(blocker.token, "still open");
    await server.database.db
      .insert(blockedCreators)
      .values({ userId: blocker.user.id, creatorUserId: creator.user.id });
    announceChange("blocked_creators", blocker.user.id);
    const result = await generate(server, blocker.token, { character_id: characterId, message: "hi" });
    expect(result.status).toBe(403);
    expect(result.body).toEqual({
      error: { code: "blockedBotCreator", message: ERROR_MESSAGES.blockedBotCreator },
    });
  });

  it("lets guests chat with nothing saved, up to the guest message limit", async () => {
    const guest = await guestToken(server);
    const first = await startConversation(guest, "hi from a guest");
    const conversationId = first.done?.conversation_id ?? "";
    const conversation = await getConversation(server, guest, conversationId);
    expect(conversation.messages.map((m) => m.content)).toEqual([
      "Hello User, I am Mara.",
      "hi from a guest",
      "You said: hi from a guest",
    ]);
    const list = await call<{ data: unknown[] }>(server, "/api/conversations", { token: guest });
    expect(list.body.data).toEqual([]);
    const stored = await call(server, `/api/conversations/${conversationId}`, { token: member.token });
    expect(stored.status).toBe(404);
    for (let sent = 1; sent < GUEST_MESSAGE_LIMIT; sent++) {
      const next = await generate(server, guest, {
        character_id: characterId,
        conversation_id: conversationId,
        message: `m${sent}`,
      });
      expect(next.done, `message ${sent}`).not.toBeNull();
    }
    const over = await generate(server, guest, {
      character_id: characterId,
      conversation_id: conversationId,
      message: "one more",
    });
    expect(over.status).toBe(403);
    expect(over.body).toEqual({ error: { code: "message_limit", message: MESSAGE_LIMIT_TEXTS.guest } });
    expect(MESSAGE_LIMIT_TEXTS.guest).toContain("Sign Up Free");
  });

  it("counts Suggest (autopilot) against the guest message limit, like every other mode", async () => {
    const guest = await guestToken(server);
    // A suggestion before the first message counts too.
    const early = await generate(server, guest, { character_id: characterId, autopilot: true });
    expect(early.done?.suggestion).toBeTruthy();
    const first = await startConversation(guest, "first");
    const conversationId = first.done?.conversation_id ?? "";
    const inConversation = { character_id: characterId, conversation_id: conversationId };
    const suggestion = await generate(server, guest, { ...inConversation, autopilot: true });
    expect(suggestion.done?.suggestion).toBe("You said: first");
    const regenerated = await generate(server, guest, { ...inConversation, regenerate: true });
    expect(regenerated.done?.message).not.toBeNull();
    const continued = await generate(server, guest, { ...inConversation, continue_chat: true });
    expect(continued.done?.message).not.toBeNull();
    // Five used: the remaining messages fill the allowance exactly.
    for (let sent = 5; sent < GUEST_MESSAGE_LIMIT; sent++) {
      const next = await generate(server, guest, { ...inConversation, message: `m${sent}` });
      expect(next.done, `message ${sent}`).not.toBeNull();
    }
    const requestsBefore = fake.requests.length;
    for (const body of [
      { ...inConversation, autopilot: true },
      { character_id: characterId, autopilot: true },
      { ...inConversation, regenerate: true },
      { ...inConversation, continue_chat: true },
      { ...inConversation, message: "one more" },
    ]) {
      const over = await generate(server, guest, body);
      expect(over.status, JSON.stringify(body)).toBe(403);
      expect(over.body).toEqual({ error: { code: "message_limit", message: MESSAGE_LIMIT_TEXTS.guest } });
    }
    // Nothing reached the model.
    expect(fake.requests.length).toBe(requestsBefore);
  });

  it("counts Suggest (autopilot), regenerate and continue against a free member's daily limit", async () => {
    const free = await signUp(server);
    const first = await startConversation(free.token, "good morning");
    const conversationId = first.done?.conversation_id ?? "";
    const inConversation = { character_id: characterId, conversation_id: conversationId };
    const usage = async () => {
      const [row] = await server.database.db
        .select({ messages: chatUsage.messages })
        .from(chatUsage)
        .where(eq(chatUsage.userId, free.user.id));
      return row?.messages;
    };
    expect(await usage()).toBe(1);
    const suggestion = await generate(server, free.token, { ...inConversation, autopilot: true });
    expect(suggestion.done?.suggestion).toBe("You said: good morning");
    expect(await usage()).toBe(2);
    await generate(server, free.token, { ...inConversation, regenerate: true });
    await generate(server, free.token, { ...inConversation, continue_chat: true });
    expect(await usage()).toBe(4);
    // At the limit, Suggest is refused like a message.
    await server.database.db
      .update(chatUsage)
      .set({ messages: FREE_DAILY_MESSAGE_LIMIT - 1 })
      .where(eq(chatUsage.userId, free.user.id));
    const last = await generate(server, free.token, { ...inConversation, autopilot: true });
    expect(last.done?.suggestion).toBeTruthy();
    const requestsBefore = fake.requests.length;
    for (const body of [
      { ...inConversation, autopilot: true },
      { character_id: characterId, autopilot: true },
      { ...inConversation, regenerate: true },
      { ...inConversation, continue_chat: true },
      { ...inConversation, message: "more" },
    ]) {
      const over = await generate(server, free.token, body);
      expect(over.status, JSON.stringify(body)).toBe(403);
      expect(over.body).toEqual({ error: { code: "message_limit", message: MESSAGE_LIMIT_TEXTS.free } });
    }
    expect(fake.requests.length).toBe(requestsBefore);
    expect(await usage()).toBe(FREE_DAILY_MESSAGE_LIMIT);
    // Parallel suggestions cannot pass the last free slot either.
    await server.database.db
      .update(chatUsage)
      .set({ messages: FREE_DAILY_MESSAGE_LIMIT - 3 })
      .where(eq(chatUsage.userId, free.user.id));
    const burst = await Promise.all(
      Array.from({ length: 10 }, () =>
        generate(server, free.token, { character_id: characterId, autopilot: true }),
      ),
    );
    expect(burst.filter((result) => result.done?.suggestion)).toHaveLength(3);
    expect(burst.filter((result) => result.status === 403)).toHaveLength(7);
    expect(await usage()).toBe(FREE_DAILY_MESSAGE_LIMIT);
  });

  it("regenerates as alternates, continues the last reply, and chooses a version", async () => {
    const first = await startConversation(member.token, "alpha beta");
    const conversationId = first.done?.conversation_id ?? "";
    const messageId = first.done?.message?.id ?? "";
    fake.options.tokens = 2;
    const regenerated = await generate(server, member.token, {
      character_id: characterId,
      conversation_id: conversationId,
      regenerate: true,
    });
    expect(regenerated.done?.message?.id).toBe(messageId);
    expect(regenerated.done?.message?.alternates).toEqual(["You said: alpha beta", "You said:"]);
    expect(regenerated.done?.message?.alternate_index).toBe(1);
    expect(regenerated.done?.message?.content).toBe("You said:");
    // Regenerating replays the prompt without the replaced reply.
    expect(fake.requests.at(-1)?.messages?.at(-1)).toEqual({ role: "user", content: "alpha beta" });

    fake.options.tokens = 3;
    const continued = await generate(server, member.token, {
      character_id: characterId,
      conversation_id: conversationId,
      continue_chat: true,
    });
    expect(continued.tokens.join("")).toBe("You said: alpha");
    expect(continued.done?.message?.content).toBe("You said:You said: alpha");
    expect(continued.done?.message?.alternates).toEqual(["You said: alpha beta", "You said:You said: alpha"]);
    expect(fake.requests.at(-1)?.messages?.at(-1)).toEqual({ role: "assistant", content: "You said:" });

    const chosen = await call<{ content: string; alternate_index: number }>(
      server,
      `/api/messages/${messageId}/alternate`,
      {
        method: "PUT",
        token: member.token,
        body: { index: 0 },
      },
    );
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ content: "You said: alpha beta", alternate_index: 0 });
    const outOfRange = await call(server, `/api/messages/${messageId}/alternate`, {
      method: "PUT",
      token: member.token,
      body: { index: 5 },
    });
    expect(outOfRange.status).toBe(400);
    const conversation = await getConversation(server, member.token, conversationId);
    expect(conversation.messages).toHaveLength(3);
  });

  it("reports an upstream failure as an error event and resubmit then answers the saved user message", async () => {
    const first = await startConversation();
    const conversationId = first.done?.conversation_id ?? "";
    Object.assign(fake.options, { mode: "refuse-500", failures: 1 });
    const failed = await generate(server, member.token, {
      character_id: characterId,
      conversation_id: conversationId,
      message: "are you there",
    });
    expect(failed.status).toBe(200);
    expect(failed.events.map((e) => e.event)).toEqual(["start", "error"]);
    expect(failed.error?.code).toBe("generation_failed");
    // The spec's message only: the model server's wording and address stay in the log.
    expect(failed.error?.message).toBe(ERROR_MESSAGES.generation_failed);
    expect(failed.error?.message).not.toContain(new URL(fake.url).host);
    const resubmitted = await generate(server, member.token, {
      character_id: characterId,
      conversation_id: conversationId,
      resubmit: true,
    });
    expect(resubmitted.start?.user_message).toBeNull();
    expect(resubmitted.done?.message?.content).toBe("You said: are you there");
    const conversation = await getConversation(server, member.token, conversationId);
    expect(conversation.messages.map((m) => m.content).slice(-2)).toEqual([
      "are you there",
      "You said: are you there",
    ]);
  });

  it("streams an autopilot suggestion without saving it", async () => {
    const first = await startConversation();
    const conversationId = first.done?.conversation_id ?? "";
    const suggestion = await generate(server, member.token, {
      character_id: characterId,
      conversation_id: conversationId,
      autopilot: true,
    });
    expect(suggestion.done?.message).toBeNull();
    expect(suggestion.done?.suggestion).toBe("You said: hello there");
    const conversation = await getConversation(server, member.token, conversationId);
    expect(fake.requests.at(-1)?.messages?.at(-1)?.content).toContain(
      `${conversation.persona?.name}'s next message`,
    );
    expect(conversation.messages).toHaveLength(3);
    // Before the first message too: nothing is created.
    const fresh = await generate(server, member.token, { character_id: characterId, autopilot: true });
    expect(fresh.done?.conversation_id).toBe("");
  });

  it("honours generation settings only with the generation_settings permission", async () => {
    const settings = { temperature: 1.3, top_p: 0.5, top_k: 7, max_new_tokens: 250 };
    await generate(server, member.token, {
      character_id: characterId,
      message: "x",
      generation_settings: settings,
    });
    expect(fake.requests.at(-1)).toMatchObject({ temperature: 0.8, top_p: 0.9, max_tokens: 200 });
    const supporter = await signUp(server);
    await updateUser(server, supporter.user.id, { role: "basic" });
    await generate(server, supporter.token, {
      character_id: characterId,
      message: "x",
      generation_settings: settings,
    });
    expect(fake.requests.at(-1)).toMatchObject({ temperature: 1.3, top_p: 0.5, max_tokens: 250 });
  });

  it("counts messages on the character", async () => {
    const before = await call<{ num_messages: number }>(server, `/api/characters/${characterId}`, {
      token: member.token,
    });
    await startConversation();
    const after = await call<{ num_messages: number }>(server, `/api/characters/${characterId}`, {
      token: member.token,
    });
    expect(after.body.num_messages).toBe(before.body.num_messages + 1);
  });

  it("stops a free member at the daily message limit, saving nothing of the refused message", async () => {
    const free = await signUp(server);
    const first = await startConversation(free.token, "first of the day");
    const conversationId = first.done?.conversation_id ?? "";
    // Today's count one short of the limit, instead of sending hundreds of messages.
    await server.database.db
      .update(chatUsage)
      .set({ messages: FREE_DAILY_MESSAGE_LIMIT - 1 })
      .where(eq(chatUsage.userId, free.user.id));
    const last = await generate(server, free.token, {
      character_id: characterId,
      conversation_id: conversationId,
      message: "the last one",
    });
    expect(last.done, JSON.stringify(last.events)).not.toBeNull();
    const over = await generate(server, free.token, {
      character_id: characterId,
      conversation_id: conversationId,
      message: "one too many",
    });
    expect(over.status).toBe(403);
    expect(over.body).toEqual({ error: { code: "message_limit", message: MESSAGE_LIMIT_TEXTS.free } });
    const conversation = await getConversation(server, free.token, conversationId);
    expect(conversation.messages.map((m) => m.content)).not.toContain("one too many");
    const [usage] = await server.database.db
      .select({ messages: chatUsage.messages })
      .from(chatUsage)
      .where(eq(chatUsage.userId, free.user.id));
    expect(usage?.messages).toBe(FREE_DAILY_MESSAGE_LIMIT);
    // Subscribers have no daily limit.
    await server.database.db
      .insert(chatUsage)
      .values({ userId: member.user.id, day: sql`(now() at time zone 'utc')::date`, messages: 0 })
      .onConflictDoUpdate({
        target: [chatUsage.userId, chatUsage.day],
        set: { messages: FREE_DAILY_MESSAGE_LIMIT },
      });
    await updateUser(server, member.user.id, { role: "basic" });
    try {
      await startConversation(member.token, "a subscriber writes on");
    } finally {
      await updateUser(server, member.user.id, { role: "free" });
    }
  });

  it("writes a pinned summary memory every AUTO_MEMORY_EVERY_MESSAGES replies with conversation_memory_auto", async () => {
    const subscriber = await signUp(server);
    await updateUser(server, subscriber.user.id, { role: "basic" });
    const first = await startConversation(subscriber.token, "the lamp went out at midnight");
    const conversationId = first.done?.conversation_id ?? "";
    const isSummaryRequest = (messages: { role: string; content: string }[] | undefined) =>
      messages?.at(-1)?.content.startsWith("Summarize the roleplay conversation") === true;
    // Two replies short of the threshold, instead of sending that many messages.
    await server.database.db
      .update(conversations)
      .set({ messagesSinceSummary: AUTO_MEMORY_EVERY_MESSAGES - 2 })
      .where(eq(conversations.id, conversationId));
    const listMemories = async () =>
      (
        await call<{ data: Memory[] }>(server, `/api/conversations/${conversationId}/memories`, {
          token: subscriber.token,
        })
      ).body.data;

    const requestsBefore = fake.requests.length;
    await generate(server, subscriber.token, {
      character_id: characterId,
      conversation_id: conversationId,
      message: "someone knocked twice",
    });
    expect(fake.requests.slice(requestsBefore).some((r) => isSummaryRequest(r.messages))).toBe(false);
    expect(await listMemories()).toEqual([]);

    await generate(server, subscriber.token, {
      character_id: characterId,
      conversation_id: conversationId,
      message: "the keeper opened the door",
    });
    const memories = await eventually(listMemories, (list) => list.length > 0);
    const summaryRequest = fake.requests.slice(requestsBefore).find((r) => isSummaryRequest(r.messages));
    expect(summaryRequest?.messages?.[0]?.role).toBe("user");
    // The transcript of the recent messages goes to the model.
    expect(summaryRequest?.messages?.[0]?.content).toContain("User: the keeper opened the door");
    expect(summaryRequest?.messages?.[0]?.content).toContain(
      "Character: You said: the lamp went out at midnight",
    );
    expect(memories).toHaveLength(1);
    expect(memories[0]).toMatchObject({ source: "auto", pinned: true });
    expect(memories[0]?.content).toMatch(/^You said: /);
    const [row] = await server.database.db
      .select({ count: conversations.messagesSinceSummary })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(row?.count).toBe(0);
    // The pinned summary goes into the next prompt.
    await generate(server, subscriber.token, {
      character_id: characterId,
      conversation_id: conversationId,
      message: "what happened so far",
    });
    const prompt =
      fake.requests
        .at(-1)
        ?.messages?.map((m) => m.content)
        .join("\n") ?? "";
    expect(prompt).toContain(memories[0]?.content ?? "-");
  });
});
