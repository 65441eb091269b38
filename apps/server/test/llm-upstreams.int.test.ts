import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LlmError } from "../src/modules/llm/index";
import { OpenAiEngine } from "../src/modules/llm/openai-engine";
import { UpstreamPool } from "../src/modules/llm/upstream-pool";
import { type FakeOpenAi, startFakeOpenAi } from "./support/fake-openai";

/** Several OpenAI-compatible upstreams as one engine: least-busy routing and failover before the first token. */
let first: FakeOpenAi;
let second: FakeOpenAi;

const engine = (baseUrl: string, concurrency = 1) =>
  new OpenAiEngine({
    baseUrl,
    apiKey: null,
    model: "m",
    contextSize: 8192,
    concurrency,
    idleTimeoutMs: 3000,
  });
const request = (text: string, signal = new AbortController().signal) => ({
  messages: [{ role: "user" as const, content: text }],
  maxTokens: 64,
  temperature: 0.7,
  topP: 1,
  topK: 40,
  signal,
});
async function text(stream: AsyncIterable<string[]>): Promise<string> {
  let out = "";
  for await (const pieces of stream) out += pieces.join("");
  return out;
}

beforeAll(async () => {
  [first, second] = await Promise.all([startFakeOpenAi(), startFakeOpenAi()]);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});
beforeEach(() => {
  for (const fake of [first, second]) {
    Object.assign(fake.options, { mode: "ok", delayMs: 0, tokens: null, failures: null });
    fake.requests.length = 0;
  }
});

describe("an upstream pool", () => {
  it("adds up its upstreams' slots and sends each generation to the least busy", async () => {
    const pool = new UpstreamPool([engine(first.url, 1), engine(second.url, 2)]);
    expect(pool.concurrency).toBe(3);
    Object.assign(first.options, { delayMs: 30, tokens: 10 });
    Object.assign(second.options, { delayMs: 30, tokens: 10 });
    const replies = await Promise.all(
      ["one", "two", "three"].map((word) => text(pool.stream(request(word)))),
    );
    expect(replies.every((reply) => reply.startsWith("You said:"))).toBe(true);
    // Idle: the first listed; then the second (0/2 < 1/1); then the second again (1/2 < 1/1).
    expect(first.requests.length).toBe(1);
    expect(second.requests.length).toBe(2);
  });

  it("moves to the next upstream when one refuses or is unreachable before the first token", async () => {
    Object.assign(first.options, { mode: "refuse-500", failures: 1 });
    const pool = new UpstreamPool([engine(first.url), engine(second.url)]);
    expect(await text(pool.stream(request("hello")))).toBe("You said: hello");
    expect([first.requests.length, second.requests.length]).toEqual([1, 1]);

    const down = new UpstreamPool([engine("http://127.0.0.1:9/v1"), engine(second.url)]);
    expect(await text(down.stream(request("still here")))).toBe("You said: still here");
  });

  it("fails the generation when an upstream breaks after its first token (no reply stitched from two)", async () => {
    Object.assign(first.options, { mode: "drop", failures: 1, delayMs: 20 });
    const pool = new UpstreamPool([engine(first.url), engine(second.url)]);
    const error = await text(pool.stream(request("one two three four"))).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LlmError);
    expect(second.requests.length).toBe(0);
  });

  it("answers the last refusal when every upstream refuses, and reports how many answer", async () => {
    Object.assign(first.options, { mode: "refuse-429" });
    Object.assign(second.options, { mode: "refuse-403" });
    const pool = new UpstreamPool([engine(first.url), engine(second.url)]);
    const error = await text(pool.stream(request("hi"))).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: "refused", status: 403 });
    expect(
      (await new UpstreamPool([engine(first.url), engine("http://127.0.0.1:9/v1")]).status()).message,
    ).toBe("1 of 2 OpenAI-compatible servers answer.");
  });
});
