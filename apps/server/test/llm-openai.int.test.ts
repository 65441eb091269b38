import { type AuthResponse, type Health, inferenceModelListSchema } from "@hearth/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { countDefinitionTokens, platformTokenCounter } from "../src/modules/characters/token-count";
import { INFERENCE_MODEL_SEEDS } from "../src/modules/inference-models/catalogue";
import { createLlmRegistry } from "../src/modules/llm/index";
import { OpenAiEngine } from "../src/modules/llm/openai-engine";
import { type GenerateRequest, LlmError, type LlmProvider } from "../src/modules/llm/provider";
import { updateUser } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import { type FakeOpenAi, startFakeOpenAi } from "./support/fake-openai";

const request = (text: string, signal = new AbortController().signal): GenerateRequest => ({
  messages: [
    { role: "system", content: "You are Mara." },
    { role: "user", content: text },
  ],
  maxTokens: 200,
  temperature: 0.8,
  topP: 0.9,
  topK: 40,
  signal,
});

/** Every piece, in order, whatever batches they came in. */
async function collect(batches: AsyncIterable<string[]>): Promise<string[]> {
  const out: string[] = [];
  for await (const pieces of batches) out.push(...pieces);
  return out;
}

async function failure(pieces: AsyncIterable<string[]>): Promise<LlmError> {
  try {
    await collect(pieces);
  } catch (error) {
    if (error instanceof LlmError) return error;
    throw error;
  }
  throw new Error("the stream did not fail");
}

let fake: FakeOpenAi;
let server: TestServer;
const engine = (options: Partial<ConstructorParameters<typeof OpenAiEngine>[0]> = {}): LlmProvider =>
  new OpenAiEngine({
    baseUrl: fake.url,
    apiKey: null,
    model: null,
    contextSize: 8192,
    concurrency: 4,
    idleTimeoutMs: 5000,
    ...options,
  });

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startServer({ LLM_BASE_URL: fake.url, AUTH_RATE_LIMIT_MAX: "1000" });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
afterEach(() => {
  Object.assign(fake.options, { mode: "ok", delayMs: 0, tokens: null, failures: null, apiKey: null });
});

describe("OpenAI-compatible engine", () => {
  it("streams the reply token by token with the request's settings", async () => {
    const pieces = await collect(engine({ apiKey: "sk-platform" }).stream(request("Hello there, keeper")));
    expect(pieces).toEqual(["You", " said:", " Hello", " there,", " keeper"]);
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({
      model: "fake-model",
      stream: true,
      max_tokens: 200,
      temperature: 0.8,
      top_p: 0.9,
      top_k: 40,
    });
    expect(sent?.messages?.at(-1)).toEqual({ role: "user", content: "Hello there, keeper" });
  });

  it("sends the API key and the configured model", async () => {
    fake.options.apiKey = "sk-right";
    expect((await failure(engine({ apiKey: "sk-wrong", model: "m1" }).stream(request("hi")))).status).toBe(
      401,
    );
    await collect(engine({ apiKey: "sk-right", model: "m1" }).stream(request("hi")));
    expect(fake.requests.at(-1)?.model).toBe("m1");
  });

  it("stops at max_tokens and on abort", async () => {
    fake.options.tokens = 50;
    const short = { ...request("one two three"), maxTokens: 3 };
    expect(await collect(engine().stream(short))).toHaveLength(3);

    fake.options.delayMs = 20;
    const controller = new AbortController();
    const received: string[] = [];
    const error = await failure(
      (async function* () {
        for await (const pieces of engine().stream(request("a b c", controller.signal))) {
          received.push(...pieces);
          if (received.length >= 2) controller.abort();
          yield pieces;
        }
      })(),
    );
    expect(error.kind).toBe("aborted");
    expect(received).toHaveLength(2);
    await expect.poll(() => fake.openStreams()).toBe(0);
  });

  it("hands over every piece in order to a reader that is behind, pausing the upstream meanwhile", async () => {
    const previous = { ...fake.options };
    fake.options.tokens = 6000;
    try {
      const batches: string[][] = [];
      for await (const pieces of engine().stream({ ...request("w x y z"), maxTokens: 6000 })) {
        batches.push(pieces);
        // A slow reader: the upstream writes everything at once meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const pieces = batches.flat();
      expect(pieces).toHaveLength(6000);
      expect(pieces.slice(0, 4)).toEqual(["You", " said:", " w", " x"]);
      expect(pieces.join("")).toBe(
        Array.from(
          { length: 6000 },
          (_, i) => (i === 0 ? "" : " ") + ["You", "said:", "w", "x", "y", "z"][i % 6],
        ).join(""),
      );
      // Pieces that arrived together went out together.
      expect(batches.length).toBeLessThan(6000);
    } finally {
      Object.assign(fake.options, previous);
    }
  });

  it("reports refusals with their status, before any token", async () => {
    for (const status of [401, 403, 429, 500] as const) {
      fake.options.mode = `refuse-${status}`;
      const error = await failure(engine().stream(request("hi")));
      expect(error).toMatchObject({ kind: "refused", status });
      expect(error.message).toContain(`Refused with ${status}`);
    }
  });

  it("says once when the request is written, before its first piece; never when the server is down", async () => {
    fake.options.delayMs = 20;
    const events: string[] = [];
    const watched = { ...request("one two"), onSent: () => events.push("sent") };
    for await (const pieces of engine({ model: "fake-model" }).stream(watched)) events.push(...pieces);
    expect(events).toEqual(["sent", "You", " said:", " one", " two"]);

    let sent = 0;
    const down = engine({ baseUrl: "http://127.0.0.1:9/v1", model: "m" });
    await failure(down.stream({ ...request("hi"), onSent: () => sent++ }));
    expect(sent).toBe(0);
  });

  it("fails clearly when the stream drops, hangs, carries an error or the server is down", async () => {
    fake.options.mode = "drop";
    const dropped = engine().stream(request("one two three four"));
    expect((await failure(dropped)).kind).toBe("unavailable");

    fake.options.mode = "error-event";
    const errored = await failure(engine().stream(request("one two three four")));
    expect(errored).toMatchObject({ kind: "bad_response" });
    expect(errored.message).toContain("failed mid-stream");

    fake.options.mode = "hang";
    const hung = await failure(engine({ idleTimeoutMs: 300 }).stream(request("hi")));
    expect(hung.kind).toBe("unavailable");
    expect(hung.message).toMatch(/sent nothing/);

    const down = new OpenAiEngine({
      baseUrl: "http://127.0.0.1:9/v1",
      apiKey: null,
      model: "m",
      contextSize: 8192,
      concurrency: 4,
      idleTimeoutMs: 2000,
    });
    expect((await failure(down.stream(request("hi")))).kind).toBe("unavailable");
    expect(await down.status()).toMatchObject({ ok: false });
  });

  it("counts tokens with the bundled tokenizer of the model family", () => {
    const gpt4o = engine({ model: "gpt-4o-mini" });
    const other = engine({ model: "mistral-7b" });
    expect(gpt4o.countTokens("Hello world")).toBe(2);
    expect(other.countTokens("Hello world")).toBe(2);
    // o200k and cl100k disagree on longer text; special tokens count as plain text.
    const text = "Die Straßenbahn fährt über die Brücke <|endoftext|>";
    expect(gpt4o.countTokens(text)).not.toBe(other.countTokens(text));
  });
});

describe("registry", () => {
  const member = { openaiMode: "disabled" as const, openaiApiKey: null };

  it("serves the platform model and sizes the context by tier and model", async () => {
    const llm = createLlmRegistry(server.config);
    const guest = llm.providerFor(model("default"), member);
    expect(guest.contextSize).toBe(2048);
    expect(guest.fallback).toBeUndefined();
    const premium = llm.providerFor(model("long-memory"), { ...member, permissions: ["8k_context"] });
    // The platform's own maximum (LLM_CONTEXT_SIZE, 8192 by default) caps the 16K tier.
    expect(premium.contextSize).toBe(8192);
    expect(await collect(premium.stream(request("ping")))).toEqual(["You", " said:", " ping"]);
    expect(await llm.defaultStatus()).toMatchObject({ ok: true, engine: "openai" });
  });

  it("hybrid falls back to the platform model when the user's OpenAI refuses; enabled does not", async () => {
    const userOpenAi = await startFakeOpenAi({ apiKey: "sk-user-right", tokens: 3 });
    try {
      const config = loadConfig({
        LLM_BASE_URL: fake.url,
        USER_OPENAI_BASE_URL: userOpenAi.url,
        USER_OPENAI_MODEL: "gpt-4o-mini",
      });
      const llm = createLlmRegistry(config);
      const platformRequests = fake.requests.length;

      const good = llm.providerFor(model("default"), { openaiMode: "hybrid", openaiApiKey: "sk-user-right" });
      expect(good.primary.model).toBe("gpt-4o-mini");
      expect(await collect(good.stream(request("hi there")))).toHaveLength(3);
      expect(userOpenAi.requests.at(-1)?.model).toBe("gpt-4o-mini");
      expect(fake.requests.length).toBe(platformRequests);

      const refused = llm.providerFor(model("default"), {
        openaiMode: "hybrid",
        openaiApiKey: "sk-user-wrong",
      });
      expect(await collect(refused.stream(request("hi there")))).toEqual(["You", " said:", " hi", " there"]);
      expect(fake.requests.length).toBe(platformRequests + 1);

      const enabled = llm.providerFor(model("default"), {
        openaiMode: "enabled",
        openaiApiKey: "sk-user-wrong",
      });
      expect(enabled.fallback).toBeUndefined();
      expect(await failure(enabled.stream(request("hi")))).toMatchObject({
        kind: "refused",
        status: 401,
      });
      expect(fake.requests.length).toBe(platformRequests + 1);

      const noKey = llm.providerFor(model("default"), { openaiMode: "enabled", openaiApiKey: null });
      expect(noKey.primary).toBe(llm.platform);
    } finally {
      await userOpenAi.close();
    }
  });

  it("hybrid keeps a reply the user's OpenAI started even when it then fails", async () => {
    const userOpenAi = await startFakeOpenAi({ mode: "drop", delayMs: 20 });
    try {
      const config = loadConfig({ LLM_BASE_URL: fake.url, USER_OPENAI_BASE_URL: userOpenAi.url });
      const llm = createLlmRegistry(config);
      const resolved = llm.providerFor(model("default"), { openaiMode: "hybrid", openaiApiKey: "sk-any" });
      const received: string[] = [];
      const error = await failure(
        (async function* () {
          for await (const pieces of resolved.stream(request("one two three four"))) {
            received.push(...pieces);
            yield pieces;
          }
        })(),
      );
      expect(error.kind).toBe("unavailable");
      expect(received).toEqual(["You", " said:"]);
    } finally {
      await userOpenAi.close();
    }
  });

  it("counts character tokens with the platform tokenizer", () => {
    const count = platformTokenCounter(createLlmRegistry(server.config));
    const definition = { name: "Mara", greeting: "Hello!", persona: "A keeper.", scenario: "", dialogue: "" };
    expect(countDefinitionTokens(definition, count)).toBe(llmCount("Mara\nHello!\nA keeper."));
    expect(countDefinitionTokens({ ...definition, name: "", greeting: "", persona: "" }, count)).toBe(0);
  });

  it("gives created and edited characters the platform model's token count", async () => {
    // o200k (gpt-4o) and cl100k (the bundled default) count this text differently.
    const persona = "Die Straßenbahn fährt über die Brücke <|endoftext|>";
    const o200k = engine({ model: "gpt-4o-mini" });
    expect(o200k.countTokens(persona)).not.toBe(llmCount(persona));
    const gpt4o = await startServer({ LLM_BASE_URL: fake.url, LLM_MODEL: "gpt-4o-mini", SEED_DEMO: "false" });
    try {
      const signup = await call<AuthResponse>(gpt4o, "/api/auth/signup", {
        body: { email: "tokens@example.test", password: "correct horse" },
      });
      const token = signup.body.access_token;
      const created = await call<{ id: string; token_count: number }>(gpt4o, "/api/characters", {
        token,
        body: { name: "Mara", persona },
      });
      expect(created.body.token_count).toBe(o200k.countTokens(`Mara\n${persona}`));
      const edited = await call<{ token_count: number }>(gpt4o, `/api/characters/${created.body.id}`, {
        method: "PATCH",
        token,
        body: { greeting: "Hello!" },
      });
      expect(edited.body.token_count).toBe(o200k.countTokens(`Mara\nHello!\n${persona}`));
    } finally {
      await gpt4o.close();
    }
  });
});

/** A seeded inference model row, as generation hands it to the registry. */
function model(id: string) {
  const row = INFERENCE_MODEL_SEEDS.find((seed) => seed.id === id);
  if (!row) throw new Error(`no seeded model ${id}`);
  return row;
}

function llmCount(text: string): number {
  return engine({ model: "fake-model" }).countTokens(text);
}

describe("GET /api/inference-models", () => {
  async function member(role: "free" | "basic" | "premium"): Promise<string> {
    const signup = await call<AuthResponse>(server, "/api/auth/signup", {
      body: { email: `models-${role}-${Date.now()}@example.test`, password: "correct horse" },
    });
    await updateUser(server, signup.body.user.id, { role });
    return signup.body.access_token;
  }

  it("leaves out hidden models for those not allowed and marks each model allowed or not", async () => {
    const anonymous = inferenceModelListSchema.parse((await call(server, "/api/inference-models")).body);
    expect(anonymous.data.map((model) => [model.id, model.allowed])).toEqual([
      ["default", true],
      ["long-memory", false],
    ]);
    expect(anonymous.data[1]).toMatchObject({
      permission: "8k_context",
      tokens: "16K",
      hide_unauthorized: false,
    });

    const free = await call(server, "/api/inference-models", { token: await member("free") });
    expect(inferenceModelListSchema.parse(free.body).data).toHaveLength(2);

    const basic = await call(server, "/api/inference-models", { token: await member("basic") });
    expect(inferenceModelListSchema.parse(basic.body).data.map((model) => [model.id, model.allowed])).toEqual(
      [
        ["default", true],
        ["experimental", true],
        ["long-memory", false],
      ],
    );

    const premium = await call(server, "/api/inference-models", { token: await member("premium") });
    expect(inferenceModelListSchema.parse(premium.body).data.every((model) => model.allowed)).toBe(true);
  });

  it("reports the OpenAI-compatible engine in /api/health", async () => {
    const health = await call<Health>(server, "/api/health");
    expect(health.body.llm).toMatchObject({ ok: true, engine: "openai" });
  });
});
