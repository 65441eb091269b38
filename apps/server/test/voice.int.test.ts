import type {
  ConversationVoice,
  SpeechTicket,
  TranscriptionResponse,
  VoiceConfig,
  VoiceListResponse,
} from "@hearth/contracts";
import { VOICE_MESSAGES } from "@hearth/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, messages } from "../src/db/schema";
import { voiceRatingsOf } from "../src/modules/voice/repository";
import { insertCharacter, updateUser } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import { type FakeOpenAiSpeech, startFakeOpenAiSpeech, toneWav } from "./support/fake-openai-speech";
import { expectError, guestToken, signUp } from "./support/members";

/** A member of `role` with one conversation (a greeting and a longer reply) with a fresh character. */
async function memberWithChat(server: TestServer, role: "free" | "basic" | "premium") {
  const member = await signUp(server);
  await updateUser(server, member.user.id, { role });
  const character = await insertCharacter(server, { creatorUserId: member.user.id, name: "Aria" });
  const [conversation] = await server.database.db
    .insert(conversations)
    .values({ userId: member.user.id, characterId: character.id })
    .returning();
  if (!conversation) throw new Error("no conversation");
  const now = Date.now();
  const [greeting, reply] = await server.database.db
    .insert(messages)
    .values([
      {
        conversationId: conversation.id,
        role: "bot",
        content: "*smiles* Hello, {{user}}!",
        createdAt: new Date(now),
      },
      {
        conversationId: conversation.id,
        role: "bot",
        content: `I am {{char}}. ${"Let me tell you a long story about the sea. ".repeat(4)}`,
        createdAt: new Date(now + 1),
      },
    ])
    .returning();
  if (!greeting || !reply) throw new Error("no messages");
  return { ...member, character, conversation, greeting, reply };
}

/** Reads a streamed response chunk by chunk: the bytes, the chunk count and when the first and last came. */
async function readStream(response: Response) {
  const started = performance.now();
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no body");
  const chunks: Uint8Array[] = [];
  let firstAt = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (chunks.length === 0) firstAt = performance.now() - started;
    chunks.push(value);
  }
  return {
    bytes: Buffer.concat(chunks),
    chunks: chunks.length,
    firstAt,
    totalAt: performance.now() - started,
  };
}

describe("voice with an OpenAI-compatible speech and transcription server", () => {
  let server: TestServer;
  let fake: FakeOpenAiSpeech;

  beforeAll(async () => {
    fake = await startFakeOpenAiSpeech({ apiKey: "speech-key" });
    server = await startServer({
      TTS_BASE_URL: fake.url,
      TTS_API_KEY: "speech-key",
      TTS_MODEL: "kokoro",
      STT_BASE_URL: fake.url.replace(/\/v1$/, ""),
      STT_API_KEY: "speech-key",
      AUTH_RATE_LIMIT_MAX: "1000",
    });
  });

  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it("tells everyone what it offers", async () => {
    const response = await call<VoiceConfig>(server, "/api/voice/config");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ tts: { available: true, engine: "openai" }, stt: { available: true } });
  });

  it("lists the voices with their gender, filtered all, male or female", async () => {
    const { token } = await memberWithChat(server, "premium");
    const all = await call<VoiceListResponse>(server, "/api/voice/voices", { token });
    expect(all.status).toBe(200);
    expect(all.body.engine).toBe("openai");
    expect(all.body.data.map((voice) => voice.id).sort()).toEqual(
      ["alloy", "echo", "fable", "nova", "onyx", "shimmer"].sort(),
    );
    const female = await call<VoiceListResponse>(server, "/api/voice/voices?gender=female", { token });
    const male = await call<VoiceListResponse>(server, "/api/voice/voices?gender=male", { token });
    expect(female.body.data.length).toBeGreaterThan(0);
    expect(male.body.data.length).toBeGreaterThan(0);
    expect(female.body.data.every((voice) => voice.gender === "female")).toBe(true);
    expect(male.body.data.every((voice) => voice.gender === "male")).toBe(true);
    expect(female.body.data.length + male.body.data.length).toBe(all.body.data.length);
    const bad = await call(server, "/api/voice/voices?gender=robot", { token });
    expectError(bad, 400, "validation_error");
  });

  it("refuses voice to members below I'm All In and to guests", async () => {
    for (const role of ["free", "basic"] as const) {
      const { token, conversation, reply } = await memberWithChat(server, role);
      expectError(await call(server, "/api/voice/voices", { token }), 403, "forbidden");
      expectError(
        await call(server, "/api/voice/speech", { token, body: { message_id: reply.id } }),
        403,
        "forbidden",
      );
      expectError(
        await call(server, `/api/conversations/${conversation.id}/voice`, {
          token,
          method: "PUT",
          body: { voice_id: "nova" },
        }),
        403,
        "forbidden",
      );
      expectError(
        await call(server, "/api/voice/ratings", {
          token,
          body: { message_id: reply.id, voice_id: "nova", rating: 5 },
        }),
        403,
        "forbidden",
      );
    }
    const guest = await guestToken(server);
    expectError(await call(server, "/api/voice/voices", { token: guest }), 403, "forbidden");
    expectError(await call(server, "/api/voice/voices"), 401, "unauthenticated");
    expect(fake.speechRequests).toHaveLength(0);
  });

  it("keeps a conversation's voice, the character's for new chats, and the member's default", async () => {
    const owner = await memberWithChat(server, "premium");
    const { token, conversation, character } = owner;
    const path = `/api/conversations/${conversation.id}/voice`;
    const none = await call<ConversationVoice>(server, path, { token });
    expect(none.body).toEqual({ conversation_id: conversation.id, voice: null, source: null });

    const set = await call<ConversationVoice>(server, path, {
      token,
      method: "PUT",
      body: { voice_id: "shimmer" },
    });
    expect(set.status).toBe(200);
    expect(set.body.voice?.id).toBe("shimmer");
    expect(set.body.voice?.gender).toBe("female");
    expect((await call<ConversationVoice>(server, path, { token })).body.source).toBe("conversation");

    // A new chat with the same character starts with the character's voice.
    const [second] = await server.database.db
      .insert(conversations)
      .values({ userId: owner.user.id, characterId: character.id })
      .returning();
    const inherited = await call<ConversationVoice>(server, `/api/conversations/${second?.id}/voice`, {
      token,
    });
    expect(inherited.body.voice?.id).toBe("shimmer");
    expect(inherited.body.source).toBe("character");

    // Only this conversation, as the member's default: another character's chat gets the default.
    await call(server, path, {
      token,
      method: "PUT",
      body: { voice_id: "onyx", for_character: false, as_default: true },
    });
    const other = await insertCharacter(server, { creatorUserId: owner.user.id, name: "Bram" });
    const [third] = await server.database.db
      .insert(conversations)
      .values({ userId: owner.user.id, characterId: other.id })
      .returning();
    const byDefault = await call<ConversationVoice>(server, `/api/conversations/${third?.id}/voice`, {
      token,
    });
    expect(byDefault.body.voice?.id).toBe("onyx");
    expect(byDefault.body.source).toBe("default");
    expect((await call<ConversationVoice>(server, path, { token })).body.voice?.id).toBe("onyx");
    expect(
      (await call<ConversationVoice>(server, `/api/conversations/${second?.id}/voice`, { token })).body.voice
        ?.id,
    ).toBe("shimmer");

    const unknown = await call(server, path, { token, method: "PUT", body: { voice_id: "en-us+f3" } });
    expectError(unknown, 400, "validation_error");
    // Another member's conversation is not found.
    const stranger = await memberWithChat(server, "premium");
    expectError(await call(server, path, { token: stranger.token }), 404, "not_found");
  });

  it("streams a reply's speech from the speech server in the conversation's voice", async () => {
    const { token, conversation, reply } = await memberWithChat(server, "premium");
    await call(server, `/api/conversations/${conversation.id}/voice`, {
      token,
      method: "PUT",
      body: { voice_id: "nova" },
    });
    fake.options.chunkDelayMs = 40;
    const ticket = await call<SpeechTicket>(server, "/api/voice/speech", {
      token,
      body: { message_id: reply.id },
    });
    expect(ticket.status).toBe(200);
    expect(ticket.body.voice_id).toBe("nova");
    expect(ticket.body.url).toMatch(/^\/api\/voice\/audio\?token=/);

    // No bearer token: the address itself is the authorization (an <audio> element's src).
    const response = await fetch(`${server.url}${ticket.body.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/wav");
    expect(response.headers.get("content-length")).toBeNull();
    const streamed = await readStream(response);
    fake.options.chunkDelayMs = 5;
    // A real WAV, the whole of what the server spoke, arriving in pieces: playback can start early.
    expect(streamed.bytes.subarray(0, 4).toString("ascii")).toBe("RIFF");
    expect(streamed.bytes.subarray(8, 12).toString("ascii")).toBe("WAVE");
    expect(streamed.bytes.readUInt32LE(4)).toBe(streamed.bytes.length - 8);
    expect(streamed.chunks).toBeGreaterThan(5);
    expect(streamed.firstAt).toBeLessThan(streamed.totalAt / 2);

    const sent = fake.speechRequests.at(-1);
    expect(sent).toEqual({
      model: "kokoro",
      voice: "nova",
      response_format: "wav",
      input: `I am Aria. ${"Let me tell you a long story about the sea. ".repeat(4).trim()}`,
    });
  });

  it("speaks only the member's own messages and only with a valid address", async () => {
    const owner = await memberWithChat(server, "premium");
    const stranger = await memberWithChat(server, "premium");
    expectError(
      await call(server, "/api/voice/speech", {
        token: stranger.token,
        body: { message_id: owner.reply.id },
      }),
      404,
      "not_found",
    );
    const ticket = await call<SpeechTicket>(server, "/api/voice/speech", {
      token: owner.token,
      body: { message_id: owner.greeting.id },
    });
    // No voice chosen yet: the engine's first voice.
    expect(ticket.body.voice_id).toBe("nova");
    const token = new URL(ticket.body.url, server.url).searchParams.get("token") ?? "";
    const forged = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    const refused = await call(server, `/api/voice/audio?token=${encodeURIComponent(forged)}`);
    expect(refused.body).toMatchObject({
      error: { code: "forbidden", message: VOICE_MESSAGES.ticketInvalid },
    });
    const spoken = await fetch(`${server.url}${ticket.body.url}`);
    expect(spoken.status).toBe(200);
    expect(
      Buffer.from(await spoken.arrayBuffer())
        .subarray(0, 4)
        .toString("ascii"),
    ).toBe("RIFF");
    expect(fake.speechRequests.at(-1)?.input).toBe("smiles Hello, you!");
  });

  it("answers voice_unavailable when the speech server fails", async () => {
    const { token, reply } = await memberWithChat(server, "premium");
    const ticket = await call<SpeechTicket>(server, "/api/voice/speech", {
      token,
      body: { message_id: reply.id },
    });
    fake.options.failNext = 1;
    const failed = await call(server, ticket.body.url);
    expectError(failed, 503, "voice_unavailable");
  });

  it("stores the voice quality rating, one per message", async () => {
    const owner = await memberWithChat(server, "premium");
    const body = { message_id: owner.reply.id, voice_id: "nova", rating: 4 };
    const first = await call(server, "/api/voice/ratings", { token: owner.token, body });
    expect(first.status).toBe(200);
    expect(first.body).toEqual(body);
    await call(server, "/api/voice/ratings", {
      token: owner.token,
      body: { ...body, rating: 2, voice_id: "echo" },
    });
    const stored = await voiceRatingsOf(server.database.db, owner.user.id, [owner.reply.id]);
    expect(stored.map(({ voiceId, rating, engine }) => ({ voiceId, rating, engine }))).toEqual([
      { voiceId: "echo", rating: 2, engine: "openai" },
    ]);
    expectError(
      await call(server, "/api/voice/ratings", { token: owner.token, body: { ...body, rating: 6 } }),
      400,
      "validation_error",
    );
    const stranger = await memberWithChat(server, "premium");
    expectError(await call(server, "/api/voice/ratings", { token: stranger.token, body }), 404, "not_found");
  });

  it("forwards a recording to the transcription server and answers its text", async () => {
    const { token } = await memberWithChat(server, "free");
    const recording = toneWav(0.5, 300);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(recording)], { type: "audio/wav" }), "speech.wav");
    const response = await fetch(`${server.url}/api/voice/transcriptions`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(200);
    expect((await response.json()) as TranscriptionResponse).toEqual({ text: "Hello from the microphone" });
    const forwarded = fake.transcriptions.at(-1);
    expect(forwarded?.model).toBe("whisper-1");
    expect(forwarded?.filename).toBe("speech.wav");
    expect(forwarded?.type).toBe("audio/wav");
    expect(forwarded?.bytes.equals(recording)).toBe(true);

    const notMultipart = await call(server, "/api/voice/transcriptions", { token, body: { file: "x" } });
    expectError(notMultipart, 400, "validation_error");
    fake.options.failNext = 1;
    const failed = await fetch(`${server.url}/api/voice/transcriptions`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(failed.status).toBe(503);
  });
});

describe("voice without a transcription server", () => {
  let server: TestServer;
  let fake: FakeOpenAiSpeech;

  beforeAll(async () => {
    fake = await startFakeOpenAiSpeech();
    server = await startServer({ TTS_BASE_URL: fake.url });
  });

  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it("says speech input is not available and refuses recordings", async () => {
    const config = await call<VoiceConfig>(server, "/api/voice/config");
    expect(config.body.stt.available).toBe(false);
    const guest = await guestToken(server);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(toneWav(0.2, 300))], { type: "audio/wav" }), "a.wav");
    const response = await fetch(`${server.url}/api/voice/transcriptions`, {
      method: "POST",
      headers: { authorization: `Bearer ${guest}` },
      body: form,
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      error: { code: "voice_unavailable", message: VOICE_MESSAGES.transcriptionUnavailable },
    });
  });
});
