import { spawnSync } from "node:child_process";
import type { SpeechTicket, VoiceConfig, VoiceListResponse } from "@hearth/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, messages } from "../src/db/schema";
import { createEspeakEngine } from "../src/modules/voice/tts-espeak";
import { insertCharacter, updateUser } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import { expectError, signUp } from "./support/members";

/** scripts/test-integration.sh installs Debian's espeak-ng; only a machine set up otherwise skips. */
const espeakInstalled = spawnSync("espeak-ng", ["--version"]).status === 0;

describe("the embedded speech engine (espeak-ng)", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ AUTH_RATE_LIMIT_MAX: "1000" });
  });

  afterAll(async () => {
    await server?.close();
  });

  it("is not available when espeak-ng is missing", async () => {
    const engine = createEspeakEngine("/nonexistent/espeak-ng");
    expect(await engine.available()).toBe(false);
    await expect(
      engine.speak({ text: "Hello", voiceId: "en-us+f3" }, new AbortController().signal),
    ).rejects.toThrow(/espeak-ng failed/);
  });

  it.skipIf(!espeakInstalled)("speaks a reply as a streamed WAV in a female voice", async () => {
    const config = await call<VoiceConfig>(server, "/api/voice/config");
    expect(config.body.tts).toEqual({ available: true, engine: "espeak" });

    const member = await signUp(server);
    await updateUser(server, member.user.id, { role: "premium" });
    const token = member.token;
    const female = await call<VoiceListResponse>(server, "/api/voice/voices?gender=female", { token });
    expect(female.body.engine).toBe("espeak");
    expect(female.body.data.length).toBeGreaterThan(1);
    expect(female.body.data.every((voice) => voice.gender === "female" && voice.id.includes("+f"))).toBe(
      true,
    );
    const male = await call<VoiceListResponse>(server, "/api/voice/voices?gender=male", { token });
    expect(male.body.data.every((voice) => voice.gender === "male" && voice.id.includes("+m"))).toBe(true);

    const character = await insertCharacter(server, { creatorUserId: member.user.id, name: "Aria" });
    const [conversation] = await server.database.db
      .insert(conversations)
      .values({ userId: member.user.id, characterId: character.id })
      .returning();
    if (!conversation) throw new Error("no conversation");
    const [reply] = await server.database.db
      .insert(messages)
      .values({
        conversationId: conversation.id,
        role: "bot",
        content: "*bows* Welcome to the lighthouse, traveller. The sea is calm tonight.",
        createdAt: new Date(),
      })
      .returning();
    const voiceId = female.body.data[0]?.id ?? "";
    const set = await call(server, `/api/conversations/${conversation.id}/voice`, {
      token,
      method: "PUT",
      body: { voice_id: voiceId },
    });
    expect(set.status).toBe(200);
    // OpenAI's voice names mean nothing to espeak-ng.
    expectError(
      await call(server, `/api/conversations/${conversation.id}/voice`, {
        token,
        method: "PUT",
        body: { voice_id: "nova" },
      }),
      400,
      "validation_error",
    );

    const ticket = await call<SpeechTicket>(server, "/api/voice/speech", {
      token,
      body: { message_id: reply?.id },
    });
    expect(ticket.body.voice_id).toBe(voiceId);
    const response = await fetch(`${server.url}${ticket.body.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/wav");
    const audio = Buffer.from(await response.arrayBuffer());
    expect(audio.subarray(0, 4).toString("ascii")).toBe("RIFF");
    expect(audio.subarray(8, 12).toString("ascii")).toBe("WAVE");
    // Seconds of 16-bit mono speech at espeak-ng's 22,050 Hz, not a header alone.
    const sampleRate = audio.readUInt32LE(24);
    expect(sampleRate).toBe(22050);
    const seconds = (audio.length - 44) / (sampleRate * 2);
    expect(seconds).toBeGreaterThan(1.5);
    // Not silence: some samples are loud.
    let loud = 0;
    for (let offset = 44; offset + 1 < audio.length; offset += 2)
      if (Math.abs(audio.readInt16LE(offset)) > 2000) loud++;
    expect(loud).toBeGreaterThan(1000);
  });
});
