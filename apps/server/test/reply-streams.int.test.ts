import { REPLY_STREAM } from "@hearth/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertCharacter } from "./characters-fixtures";
import { call, type TestServer } from "./harness";
import { eventually, generate, getConversation, startChatServer } from "./support/chat";
import type { FakeOpenAi } from "./support/fake-openai";
import { guestToken, type SignedUp, signUp } from "./support/members";

/** A reply outlives its connection (REPLY_STREAM): resumed with Last-Event-ID, stopped by its owner. */
let fake: FakeOpenAi;
let server: TestServer;
let member: SignedUp;
let characterId: string;

beforeAll(async () => {
  ({ fake, server } = await startChatServer());
  member = await signUp(server);
  characterId = (await insertCharacter(server, { creatorUserId: member.user.id, name: "Mara" })).id;
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(() => {
  Object.assign(fake.options, { delayMs: 15, tokens: 40 });
});

describe("a reply's event stream", () => {
  it("numbers its events and resumes after the last one received, without gaps or repeats", async () => {
    const cut = await generate(
      server,
      member.token,
      { character_id: characterId, message: "tell me everything" },
      { disconnectAfterTokens: 5 },
    );
    const ids = cut.events.map((event) => event.id);
    expect(ids).toEqual(ids.map((_, index) => index + 1));
    const streamId = cut.start?.stream_id ?? "";
    const lastEventId = ids.at(-1) ?? 0;

    const rest = await generate(server, member.token, {}, { resume: { streamId, lastEventId } });
    expect(rest.status).toBe(200);
    expect(rest.events[0]?.id).toBe(lastEventId + 1);
    expect(rest.events.map((event) => event.id)).toEqual(
      rest.events.map((_, index) => lastEventId + index + 1),
    );
    const text = [...cut.tokens, ...rest.tokens].join("");
    expect(rest.tokens.length + cut.tokens.length).toBe(40);
    expect(rest.done?.message?.content).toBe(text);
    expect(rest.done?.message?.status).toBe("complete");

    // Asked again once it ended (within the retention), it answers the whole remainder again.
    const again = await generate(server, member.token, {}, { resume: { streamId, lastEventId: 0 } });
    expect(again.tokens.join("")).toBe(text);
    const conversation = await getConversation(server, member.token, rest.done?.conversation_id ?? "");
    expect(conversation.messages.at(-1)?.content).toBe(text);
  });

  it("is its owner's alone: another session cannot resume or stop it; an unknown one answers 404", async () => {
    Object.assign(fake.options, { delayMs: 30, tokens: 20 });
    const stranger = await guestToken(server);
    const stopped = await generate(
      server,
      member.token,
      { character_id: characterId, message: "private" },
      { abortAfterTokens: 2 },
    );
    const id = stopped.start?.stream_id ?? "";
    const tries = [
      (await call(server, `/api/generate/${id}`, { token: stranger })).status,
      (await call(server, `/api/generate/${id}`, { method: "DELETE", token: stranger })).status,
      (await call(server, `/api/generate/${crypto.randomUUID()}`, { token: member.token })).status,
    ];
    expect(tries).toEqual([404, 404, 404]);
  });

  it("stops the model once a lost connection is not resumed within the grace, keeping the part written", async () => {
    Object.assign(fake.options, { delayMs: 100, tokens: 400 });
    const lost = await generate(
      server,
      member.token,
      { character_id: characterId, message: "a very long story" },
      { disconnectAfterTokens: 2 },
    );
    const conversationId = lost.start?.conversation_id ?? "";
    await new Promise((resolve) => setTimeout(resolve, REPLY_STREAM.resumeGraceMs - 2000));
    expect(fake.openStreams()).toBe(1);
    const conversation = await eventually(
      () => getConversation(server, member.token, conversationId),
      (c) => c.messages.at(-1)?.role === "bot" && c.messages.length === 3,
      6000,
    );
    const reply = conversation.messages.at(-1);
    expect(reply?.status).toBe("cut");
    expect(reply?.content.split(" ").length).toBeLessThan(400);
    expect(fake.openStreams()).toBe(0);
  }, 30_000);

  it("stops the model too when a resumed connection is lost and not resumed again within the grace", async () => {
    Object.assign(fake.options, { delayMs: 100, tokens: 400 });
    const lost = await generate(
      server,
      member.token,
      { character_id: characterId, message: "an even longer story" },
      { disconnectAfterTokens: 2 },
    );
    const streamId = lost.start?.stream_id ?? "";
    const resumed = await generate(
      server,
      member.token,
      {},
      { resume: { streamId, lastEventId: lost.events.at(-1)?.id ?? 0 }, disconnectAfterTokens: 2 },
    );
    expect(resumed.tokens.length).toBeGreaterThanOrEqual(2);
    const conversation = await eventually(
      () => getConversation(server, member.token, lost.start?.conversation_id ?? ""),
      (c) => c.messages.at(-1)?.role === "bot" && c.messages.length === 3,
      REPLY_STREAM.resumeGraceMs + 6000,
    );
    expect(conversation.messages.at(-1)?.status).toBe("cut");
    expect(fake.openStreams()).toBe(0);
  }, 40_000);
});
