import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LlamaEngine, NO_MODEL_MESSAGE } from "../src/modules/llm/llama-engine";
import { type GenerateRequest, LlmError } from "../src/modules/llm/provider";
import { writeTinyGguf } from "./support/gguf";

const dir = mkdtempSync(join(tmpdir(), "hearth-llama-"));
const modelPath = join(dir, "tiny.gguf");
const options = {
  modelRef: null,
  modelsDir: join(dir, "models"),
  contextSize: 1024,
  parallel: 2,
  threads: 1,
  gpu: false as const,
};
let engine: LlamaEngine;

const request = (text: string, overrides: Partial<GenerateRequest> = {}): GenerateRequest => ({
  messages: [
    { role: "system", content: "You are Mara, a lighthouse keeper." },
    { role: "user", content: text },
  ],
  maxTokens: 12,
  temperature: 0,
  topP: 1,
  topK: 40,
  signal: new AbortController().signal,
  ...overrides,
});

/** Every piece, in order, whatever batches they came in. */
async function collect(batches: AsyncIterable<string[]>): Promise<string[]> {
  const out: string[] = [];
  for await (const pieces of batches) out.push(...pieces);
  return out;
}

beforeAll(() => {
  writeTinyGguf(modelPath);
  engine = new LlamaEngine({ ...options, modelPath });
});
afterAll(async () => {
  await engine?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("embedded engine (tiny random GGUF)", () => {
  it("loads lazily and renders the prompt through the model's chat template", async () => {
    expect(await engine.health()).toEqual({
      ok: true,
      engine: "llama",
      message: "The embedded model tiny.gguf loads on first use.",
    });
    const prompt = await engine.renderPrompt([
      { role: "system", content: "Be Mara." },
      { role: "user", content: "Hi" },
      { role: "user", content: "Anyone there?" },
    ]);
    expect(prompt).toContain("<|im_start|>system\nBe Mara.<|im_end|>");
    // Consecutive messages of one role are merged: chat templates expect alternating turns.
    expect(prompt).toContain("<|im_start|>user\nHi\n\nAnyone there?<|im_end|>\n<|im_start|>assistant\n");
    expect(await engine.health()).toMatchObject({
      ok: true,
      message: "The embedded model tiny.gguf is loaded.",
    });
  });

  it("counts tokens with the model's own tokenizer", () => {
    // Byte-level BPE with a merge for "Ġthe": " the" is one token; special-token text counts as plain text.
    expect(engine.countTokens(" the")).toBe(1);
    expect(engine.countTokens("<|im_end|>")).toBeGreaterThan(1);
    expect(engine.contextSize).toBe(1024);
  });

  it("streams a reply up to max tokens, saying at once that it has the request", async () => {
    let sent = 0;
    const stream = engine.stream({ ...request("Hello"), onSent: () => sent++ })[Symbol.asyncIterator]();
    const first = stream.next();
    expect(sent).toBe(1);
    const pieces = [...((await first).value ?? [])];
    for (let next = await stream.next(); !next.done; next = await stream.next()) pieces.push(...next.value);
    expect(pieces.length).toBeGreaterThan(0);
    expect(pieces.length).toBeLessThanOrEqual(12);
    expect(sent).toBe(1);
  });

  it("stops on abort with an aborted LlmError and frees its slot", async () => {
    const controller = new AbortController();
    const received: string[] = [];
    let failure: unknown = null;
    try {
      for await (const pieces of engine.stream(
        request("Tell me a long story", { signal: controller.signal, maxTokens: 400 }),
      )) {
        received.push(...pieces);
        if (received.length === 3) controller.abort();
      }
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(LlmError);
    expect((failure as LlmError).kind).toBe("aborted");
    expect(received.length).toBeGreaterThanOrEqual(3);
    expect(received.length).toBeLessThan(20);
    // Both slots are free again: two more conversations run side by side.
    const again = await Promise.all([
      collect(engine.stream(request("a"))),
      collect(engine.stream(request("b"))),
    ]);
    expect(again.every((pieces) => pieces.length > 0)).toBe(true);
  });

  it("generates two conversations in parallel and queues a third", async () => {
    const events: string[] = [];
    const run = async (index: number) => {
      const pieces: string[] = [];
      const stream = engine.stream(
        request(`conversation ${index}`, { maxTokens: 24, cacheKey: `c${index}` }),
      );
      for await (const batch of stream) {
        if (pieces.length === 0) events.push(`start ${index}`);
        pieces.push(...batch);
      }
      events.push(`end ${index}`);
      return pieces.join("");
    };
    const replies = await Promise.all([run(1), run(2), run(3)]);
    expect(replies.every((reply) => reply.length > 0)).toBe(true);
    // The first two stream side by side; the third waits for a free sequence.
    expect(events.slice(0, 2).sort()).toEqual(["start 1", "start 2"]);
    expect(events.indexOf("start 3")).toBeGreaterThan(
      Math.min(events.indexOf("end 1"), events.indexOf("end 2")),
    );
  });

  it("stops generating when the consumer stops reading", async () => {
    const iterator = engine.stream(request("Go on", { maxTokens: 400 }))[Symbol.asyncIterator]();
    expect((await iterator.next()).done).toBe(false);
    await iterator.return?.(undefined);
    const pieces = await Promise.all([
      collect(engine.stream(request("x"))),
      collect(engine.stream(request("y"))),
    ]);
    expect(pieces.every((reply) => reply.length > 0)).toBe(true);
  });
});

describe("embedded engine without a model", () => {
  it("reports no engine and fails generation with an actionable error", async () => {
    const missing = new LlamaEngine({ ...options, modelPath: join(dir, "missing.gguf") });
    expect(await missing.health()).toEqual({ ok: false, engine: "none", message: NO_MODEL_MESSAGE });
    let failure: unknown = null;
    try {
      await collect(missing.stream(request("Hello")));
    } catch (error) {
      failure = error;
    }
    expect(failure).toMatchObject({ kind: "unavailable" });
    expect((failure as Error).message).toContain(
      "Set LLM_BASE_URL to an OpenAI-compatible server or MODEL_PATH",
    );

    const notDownloaded = new LlamaEngine({
      ...options,
      modelPath: null,
      modelRef: "hf:someone/model:Q4_K_M",
    });
    expect(await notDownloaded.health()).toMatchObject({ ok: false, engine: "none" });
    await expect(collect(notDownloaded.stream(request("Hello")))).rejects.toThrow(
      /downloads at server start/,
    );
  });
});
