import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { ERROR_MESSAGES, GUEST_IMAGE_LIMIT, type Health, type Role } from "@hearth/contracts";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { trainingRequests } from "../src/db/schema";
import { fetchBytes, insertCharacter, updateCharacter, updateUser } from "./characters-fixtures";
import { call, type TestServer } from "./harness";
import { generate, getConversation, startChatServer } from "./support/chat";
import { type FakeA1111, startFakeA1111 } from "./support/fake-a1111";
import type { FakeOpenAi } from "./support/fake-openai";
import { type FakeOpenAiImages, startFakeOpenAiImages } from "./support/fake-openai-images";
import { expectError, guestToken, type SignedUp, signUp } from "./support/members";

/**
 * Images in chat (chat spec 6, 7, 8): both engine protocols, the gate per role, the prompt check and the
 * NSFW classifier (the real one: its first image loads the model, slow on a busy machine).
 */
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

/** Grey noise the classifier reads as NSFW (media's fixture, fixtures/nsfw-adversarial.md). */
const NSFW_FIXTURE = join(import.meta.dirname, "fixtures", "nsfw-adversarial.png");

async function memberWithRole(server: TestServer, role: Exclude<Role, "guest">): Promise<SignedUp> {
  const member = await signUp(server);
  await updateUser(server, member.user.id, { role });
  return member;
}

async function conversationWith(server: TestServer, token: string, characterId: string): Promise<string> {
  const first = await generate(server, token, { character_id: characterId, message: "Let's fly tonight" });
  expect(first.done, JSON.stringify(first.events)).not.toBeNull();
  return first.done?.conversation_id ?? "";
}

const image = (server: TestServer, token: string, body: Record<string, unknown>) =>
  generate(server, token, { type: "image", ...body });

async function expectPng(server: TestServer, url: string, width: number) {
  const fetched = await fetchBytes(server, url);
  expect(fetched.status).toBe(200);
  expect(fetched.headers.get("content-type")).toBe("image/png");
  const metadata = await sharp(fetched.bytes).metadata();
  expect(metadata.format).toBe("png");
  expect(metadata.width).toBe(width);
}

describe("images over the A1111 web API", () => {
  let llm: FakeOpenAi;
  let engine: FakeA1111;
  let server: TestServer;
  let creator: SignedUp;
  let characterId: string;

  beforeAll(async () => {
    engine = await startFakeA1111({ stepMs: 60 });
    ({ fake: llm, server } = await startChatServer({ IMAGE_BASE_URL: engine.url, IMAGE_API: "a1111" }));
    creator = await signUp(server);
    const character = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      name: "Aria",
      title: "Starship pilot",
      persona: "{{char}} has silver hair and a flight jacket.",
      scenario: "A hangar at night.",
      greeting: "Ready to fly?",
    });
    characterId = character.id;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await engine?.close();
    await llm?.close();
  });

  beforeEach(() => {
    Object.assign(engine.options, { mode: "ok", stepMs: 60, imageFile: null });
  });

  it("says in /api/health which image engine answers", async () => {
    const health = await call<Health>(server, "/api/health");
    expect(health.body.images).toMatchObject({ ok: true, engine: "a1111", message: "Images are available." });
  });

  it("makes an I'm All In member's image from the chat with progress steps, then again from an edited prompt", async () => {
    const premium = await memberWithRole(server, "premium");
    const conversationId = await conversationWith(server, premium.token, characterId);
    const requestsBefore = engine.requests.length;

    const made = await image(server, premium.token, {
      character_id: characterId,
      conversation_id: conversationId,
    });
    expect(made.error, JSON.stringify(made.events)).toBeNull();
    expect(made.events[0]?.event).toBe("start");
    expect(made.events.at(-1)?.event).toBe("done");
    // Progress with the engine's sampling steps, in order.
    const progress = made.events
      .filter((event) => event.event === "image_progress")
      .map((event) => event.data as { fraction: number; step: number | null; steps: number | null });
    expect(progress.length).toBeGreaterThanOrEqual(2);
    for (const entry of progress) expect(entry.steps).toBe(20);
    const steps = progress.map((entry) => entry.step ?? 0);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);

    // The prompt was built from the character, the scene and the last messages.
    expect(engine.requests).toHaveLength(requestsBefore + 1);
    const sent = engine.requests.at(-1);
    expect(sent?.prompt).toContain("Aria, Starship pilot.");
    expect(sent?.prompt).toContain("Aria has silver hair");
    expect(sent?.prompt).toContain("Scene: A hangar at night.");
    expect(sent?.prompt).toContain("Let's fly tonight");
    expect(sent?.prompt).not.toContain("<lora:");
    expect(sent).toMatchObject({ width: 512, height: 512, steps: 20 });

    const message = made.done?.message;
    expect(message?.role).toBe("bot");
    expect(message?.image_prompt).toBe(sent?.prompt);
    expect(message?.image_is_nsfw).toBe(false);
    expect(message?.image_url).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.png$/);
    await expectPng(server, message?.image_url ?? "", 512);

    // Edited prompt: the same message gets a new image made from it.
    const edited = await image(server, premium.token, {
      character_id: characterId,
      conversation_id: conversationId,
      image_prompt: "Aria waving from the cockpit, sunset",
      target_message_id: message?.id,
    });
    expect(edited.error, JSON.stringify(edited.events)).toBeNull();
    expect(engine.requests.at(-1)?.prompt).toBe("Aria waving from the cockpit, sunset");
    expect(edited.done?.message?.id).toBe(message?.id);
    expect(edited.done?.message?.image_prompt).toBe("Aria waving from the cockpit, sunset");
    expect(edited.done?.message?.image_url).not.toBe(message?.image_url);

    const stored = await getConversation(server, premium.token, conversationId);
    const saved = stored.messages.filter((entry) => entry.image_url !== null);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      id: message?.id,
      image_prompt: "Aria waving from the cockpit, sunset",
      image_url: edited.done?.message?.image_url,
    });
    // The replaced image is gone from the store.
    await expect.poll(async () => (await fetchBytes(server, message?.image_url ?? "")).status).toBe(404);
  });

  it("gates images per plan (chat spec 6), in the API too", async () => {
    const cases: [Exclude<Role, "guest">, string][] = [
      ["basic", "image_premium_required"],
      ["minimal", "image_supporter_required"],
      ["free", "image_supporter_required"],
    ];
    const before = engine.requests.length;
    for (const [role, code] of cases) {
      const member = await memberWithRole(server, role);
      const conversationId = await conversationWith(server, member.token, characterId);
      const refused = await image(server, member.token, {
        character_id: characterId,
        conversation_id: conversationId,
      });
      const error = expectError(refused, 403, code as "image_premium_required");
      expect(error.message).toBe(ERROR_MESSAGES[code as "image_premium_required"]);
    }
    const guest = await guestToken(server);
    const guestConversation = await conversationWith(server, guest, characterId);
    expectError(
      await image(server, guest, { character_id: characterId, conversation_id: guestConversation }),
      403,
      "image_supporter_required",
    );
    expect(engine.requests.length).toBe(before);
  });

  it("lets everyone generate with a ready bot; guests up to their allowance", async () => {
    const ready = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      name: "Juno",
      greeting: "Hi.",
      loraStatus: "ready",
    });
    // Its trained LoRA (training's newest ready request) goes into the A1111 prompt.
    await server.database.db.insert(trainingRequests).values({
      userId: creator.user.id,
      characterId: ready.id,
      status: "ready",
      loraName: "hearth_juno_test",
      loraKey: `loras/${randomUUID()}.safetensors`,
      finishedAt: new Date(),
    });
    const free = await memberWithRole(server, "free");
    const conversationId = await conversationWith(server, free.token, ready.id);
    const made = await image(server, free.token, { character_id: ready.id, conversation_id: conversationId });
    expect(made.error, JSON.stringify(made.events)).toBeNull();
    expect(made.done?.message?.image_url).toMatch(/^\/media\/images\//);
    expect(engine.requests.at(-1)?.prompt).toMatch(/ <lora:hearth_juno_test:0\.8>$/);
    // The LoRA is the engine's business: the saved prompt is the member's (what Edit prompt shows).
    expect(made.done?.message?.image_prompt).not.toContain("<lora:");

    Object.assign(engine.options, { stepMs: 1 });
    const guest = await guestToken(server);
    const guestConversation = await conversationWith(server, guest, ready.id);
    for (let i = 0; i < GUEST_IMAGE_LIMIT; i++) {
      const guestImage = await image(server, guest, {
        character_id: ready.id,
        conversation_id: guestConversation,
      });
      expect(guestImage.error, JSON.stringify(guestImage.events)).toBeNull();
    }
    const over = await image(server, guest, { character_id: ready.id, conversation_id: guestConversation });
    expectError(over, 403, "message_limit");
    await updateCharacter(server, ready.id, { loraStatus: null });
  });

  it("refuses an underage-context prompt with the spec's message, and makes no image", async () => {
    const premium = await memberWithRole(server, "premium");
    const conversationId = await conversationWith(server, premium.token, characterId);
    const before = engine.requests.length;
    const refused = await image(server, premium.token, {
      character_id: characterId,
      conversation_id: conversationId,
      image_prompt: "a 12 year old girl on a beach",
    });
    const error = expectError(refused, 400, "imagePromptUnderage");
    expect(error.message).toBe(
      "The image prompt might contain references to underage context, please consider making changes and try again.",
    );
    expect(engine.requests.length).toBe(before);
    const stored = await getConversation(server, premium.token, conversationId);
    expect(stored.messages.some((entry) => entry.image_url !== null)).toBe(false);
  });

  it("stores an image the classifier reads as NSFW marked image_is_nsfw on the adult brand", async () => {
    const premium = await memberWithRole(server, "premium");
    const conversationId = await conversationWith(server, premium.token, characterId);
    Object.assign(engine.options, { imageFile: NSFW_FIXTURE, stepMs: 1 });
    const made = await image(server, premium.token, {
      character_id: characterId,
      conversation_id: conversationId,
    });
    expect(made.error, JSON.stringify(made.events)).toBeNull();
    expect(made.done?.message?.image_is_nsfw).toBe(true);
    const stored = await getConversation(server, premium.token, conversationId);
    expect(stored.messages.find((entry) => entry.id === made.done?.message?.id)?.image_is_nsfw).toBe(true);
  });

  it("answers an engine failure as an error event and saves nothing", async () => {
    const premium = await memberWithRole(server, "premium");
    const conversationId = await conversationWith(server, premium.token, characterId);
    Object.assign(engine.options, { mode: "refuse-500" });
    const failed = await image(server, premium.token, {
      character_id: characterId,
      conversation_id: conversationId,
    });
    expect(failed.error?.code).toBe("generation_failed");
    const stored = await getConversation(server, premium.token, conversationId);
    expect(stored.messages.some((entry) => entry.image_url !== null)).toBe(false);
  });

  it("checks the request: an image needs a conversation, and a target must be an image message", async () => {
    const premium = await memberWithRole(server, "premium");
    const noConversation = await image(server, premium.token, { character_id: characterId });
    expectError(noConversation, 400, "validation_error");
    const conversationId = await conversationWith(server, premium.token, characterId);
    const stored = await getConversation(server, premium.token, conversationId);
    const textReply = stored.messages.at(-1);
    const wrongTarget = await image(server, premium.token, {
      character_id: characterId,
      conversation_id: conversationId,
      target_message_id: textReply?.id,
    });
    expectError(wrongTarget, 400, "validation_error");
  });
});

describe("images over an OpenAI-compatible images API", () => {
  let llm: FakeOpenAi;
  let engine: FakeOpenAiImages;
  let server: TestServer;
  let characterId: string;

  beforeAll(async () => {
    engine = await startFakeOpenAiImages({ apiKey: "sk-images" });
    ({ fake: llm, server } = await startChatServer({
      IMAGE_BASE_URL: engine.url,
      IMAGE_API: "openai",
      IMAGE_API_KEY: "sk-images",
      IMAGE_MODEL: "dall-e-2",
    }));
    const creator = await signUp(server);
    characterId = (
      await insertCharacter(server, { creatorUserId: creator.user.id, name: "Aria", greeting: "Hi." })
    ).id;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await engine?.close();
    await llm?.close();
  });

  it("makes the image with b64_json and reports start and end", async () => {
    const premium = await memberWithRole(server, "premium");
    const conversationId = await conversationWith(server, premium.token, characterId);
    const made = await image(server, premium.token, {
      character_id: characterId,
      conversation_id: conversationId,
      image_prompt: "a lighthouse in a storm",
    });
    expect(made.error, JSON.stringify(made.events)).toBeNull();
    expect(engine.requests.at(-1)).toMatchObject({
      model: "dall-e-2",
      n: 1,
      size: "512x512",
      response_format: "b64_json",
    });
    expect(engine.requests.at(-1)?.prompt).toContain("a lighthouse in a storm");
    const progress = made.events
      .filter((event) => event.event === "image_progress")
      .map((event) => event.data);
    expect(progress).toEqual([
      { fraction: 0, step: null, steps: null },
      { fraction: 1, step: null, steps: null },
    ]);
    expect(made.done?.message?.image_prompt).toBe("a lighthouse in a storm");
    await expectPng(server, made.done?.message?.image_url ?? "", 512);
  });

  it("answers generation_failed when the API refuses the key", async () => {
    engine.options.apiKey = "sk-other";
    try {
      const premium = await memberWithRole(server, "premium");
      const conversationId = await conversationWith(server, premium.token, characterId);
      const failed = await image(server, premium.token, {
        character_id: characterId,
        conversation_id: conversationId,
      });
      expect(failed.error?.code).toBe("generation_failed");
    } finally {
      engine.options.apiKey = "sk-images";
    }
  });
});

describe("the safe-for-work brand", () => {
  let llm: FakeOpenAi;
  let engine: FakeA1111;
  let server: TestServer;

  beforeAll(async () => {
    engine = await startFakeA1111({ stepMs: 1 });
    ({ fake: llm, server } = await startChatServer({ IMAGE_BASE_URL: engine.url, BRAND: "sfw" }));
  });

  afterAll(async () => {
    await server?.close();
    await engine?.close();
    await llm?.close();
  });

  it("never shows or stores an image the NSFW classifier blocks (imageContentGuidelines)", async () => {
    const creator = await signUp(server);
    const character = await insertCharacter(server, { creatorUserId: creator.user.id, greeting: "Hi." });
    const premium = await memberWithRole(server, "premium");
    const conversationId = await conversationWith(server, premium.token, character.id);

    // A safe image is shown.
    const safe = await image(server, premium.token, {
      character_id: character.id,
      conversation_id: conversationId,
    });
    expect(safe.error, JSON.stringify(safe.events)).toBeNull();
    expect(safe.done?.message?.image_is_nsfw).toBe(false);

    engine.options.imageFile = NSFW_FIXTURE;
    const blocked = await image(server, premium.token, {
      character_id: character.id,
      conversation_id: conversationId,
    });
    expect(blocked.done).toBeNull();
    expect(blocked.error).toEqual({
      code: "imageContentGuidelines",
      message: "Sorry, we cannot display this image as it may violate our content guidelines.",
    });
    const stored = await getConversation(server, premium.token, conversationId);
    expect(stored.messages.filter((entry) => entry.image_url !== null)).toHaveLength(1);
  });
});

describe("without an image engine", () => {
  let llm: FakeOpenAi;
  let server: TestServer;

  beforeAll(async () => {
    ({ fake: llm, server } = await startChatServer());
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await llm?.close();
  });

  it("tells the member images are not available on this server, and /api/health says so", async () => {
    const health = await call<Health>(server, "/api/health");
    expect(health.body.images).toMatchObject({
      ok: false,
      engine: "none",
      message: "Images are not available on this server.",
    });
    const creator = await signUp(server);
    const character = await insertCharacter(server, { creatorUserId: creator.user.id, greeting: "Hi." });
    const premium = await memberWithRole(server, "premium");
    const conversationId = await conversationWith(server, premium.token, character.id);
    const refused = await image(server, premium.token, {
      character_id: character.id,
      conversation_id: conversationId,
    });
    const error = expectError(refused, 503, "images_unavailable");
    expect(error.message).toBe("Images are not available on this server.");
  });
});
