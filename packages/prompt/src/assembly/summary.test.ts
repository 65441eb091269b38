import fc from "fast-check";
import { countTokens as cl100k } from "gpt-tokenizer/encoding/cl100k_base";
import { describe, expect, it } from "vitest";
import { MESSAGE_OVERHEAD_TOKENS, PROMPT_OVERHEAD_TOKENS } from "./assemble";
import { assembleSummaryPrompt, type SummaryPromptInput, summaryInstruction } from "./summary";

const countTokens = (text: string) => cl100k(text, { disallowedSpecial: new Set() });

const chat = (count: number, words = 12): SummaryPromptInput["messages"] =>
  Array.from({ length: count }, (_, i) => ({
    role: i % 2 === 0 ? ("bot" as const) : ("user" as const),
    content: `Message ${i}: ${"the tide turns again ".repeat(words).trim()}`,
  }));

const base: SummaryPromptInput = {
  messages: chat(4, 2),
  contextSize: 2048,
  maxNewTokens: 90,
  maxSummaryChars: 250,
  countTokens,
};

/** What the prompt costs, counted from its messages alone. */
const recount = (messages: { content: string }[]) =>
  PROMPT_OVERHEAD_TOKENS +
  messages.reduce((sum, m) => sum + countTokens(m.content) + MESSAGE_OVERHEAD_TOKENS, 0);

describe("assembleSummaryPrompt", () => {
  it("writes a labelled transcript, then the instruction", () => {
    expect(assembleSummaryPrompt(base)).toMatchSnapshot();
  });

  it("keeps the newest whole messages that fit a 2k context and drops the oldest first", () => {
    const messages = chat(40, 40);
    const prompt = assembleSummaryPrompt({ ...base, messages });
    if (!prompt) throw new Error("no prompt");
    expect(prompt.includedMessages).toBeGreaterThan(1);
    expect(prompt.includedMessages).toBeLessThan(40);
    const lines = prompt.messages[0]?.content.split("\n") ?? [];
    expect(lines).toHaveLength(prompt.includedMessages);
    expect(lines.at(-1)).toBe(`User: ${messages[39]?.content}`);
    const oldest = 40 - lines.length;
    expect(lines[0]).toBe(`${oldest % 2 === 0 ? "Character" : "User"}: ${messages[oldest]?.content}`);
    expect(prompt.promptTokens).toBe(recount(prompt.messages));
    expect(prompt.promptTokens).toBeLessThanOrEqual(2048 - 90);
  });

  it("takes all of a short chat when the context is large", () => {
    const prompt = assembleSummaryPrompt({ ...base, messages: chat(40, 40), contextSize: 32_768 });
    expect(prompt?.includedMessages).toBe(40);
  });

  it("cuts a newest message too long for the context alone, keeping its end under its label", () => {
    const content = `${"blah ".repeat(4000)}THE END`;
    const prompt = assembleSummaryPrompt({ ...base, messages: [{ role: "user", content }] });
    if (!prompt) throw new Error("no prompt");
    const transcript = prompt.messages[0]?.content ?? "";
    expect(prompt.includedMessages).toBe(1);
    expect(transcript.startsWith("User: ")).toBe(true);
    expect(transcript.endsWith("THE END")).toBe(true);
    expect(transcript.length).toBeLessThan(content.length);
    expect(prompt.promptTokens).toBeLessThanOrEqual(2048 - 90);
  });

  it("is null with nothing to summarize or no room for it", () => {
    expect(assembleSummaryPrompt({ ...base, messages: [] })).toBeNull();
    const tight = recount([{ content: summaryInstruction(250) }, { content: "" }]) + 90;
    expect(assembleSummaryPrompt({ ...base, contextSize: tight })).toBeNull();
  });
});

describe("assembleSummaryPrompt properties", () => {
  const message = fc.record({
    role: fc.constantFrom("user" as const, "bot" as const),
    content: fc.string({ unit: "grapheme", maxLength: 800 }),
  });

  it("never exceeds the budget, and keeps a newest suffix of whole messages (the newest possibly cut)", () => {
    fc.assert(
      fc.property(
        fc.array(message, { maxLength: 40 }),
        fc.integer({ min: 60, max: 400 }),
        fc.integer({ min: 0, max: 1500 }),
        (messages, maxNewTokens, extra) => {
          const contextSize = maxNewTokens + recount([{ content: summaryInstruction(250) }]) + extra;
          const prompt = assembleSummaryPrompt({ ...base, messages, contextSize, maxNewTokens });
          if (!prompt) return;
          expect(recount(prompt.messages)).toBe(prompt.promptTokens);
          expect(prompt.promptTokens + maxNewTokens).toBeLessThanOrEqual(contextSize);
          expect(prompt.messages[1]?.content).toBe(summaryInstruction(250));
          const lines = (prompt.messages[0]?.content ?? "").split("\n");
          const kept = messages.slice(-prompt.includedMessages);
          const whole = kept
            .map((m) => `${m.role === "bot" ? "Character" : "User"}: ${m.content}`)
            .join("\n");
          if (prompt.messages[0]?.content !== whole) {
            // Only the newest message is cut, and only when it is alone.
            expect(prompt.includedMessages).toBe(1);
            const newest = kept[0];
            const label = newest?.role === "bot" ? "Character: " : "User: ";
            expect(lines.join("\n").startsWith(label)).toBe(true);
            expect(newest?.content.endsWith(lines.join("\n").slice(label.length))).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("holds with a tokenizer that is not additive (line breaks merge into costly tokens)", () => {
    // Each line break costs 5 tokens, far more than the estimate's one per line.
    const costly = (text: string) => Math.ceil(text.length / 4) + 5 * (text.split("\n").length - 1);
    fc.assert(
      fc.property(
        fc.array(message, { maxLength: 30 }),
        fc.integer({ min: 0, max: 600 }),
        (messages, extra) => {
          const contextSize = 90 + costly(summaryInstruction(250)) + 3 * MESSAGE_OVERHEAD_TOKENS + extra;
          const prompt = assembleSummaryPrompt({ ...base, messages, contextSize, countTokens: costly });
          if (!prompt) return;
          const tokens =
            PROMPT_OVERHEAD_TOKENS +
            prompt.messages.reduce((sum, m) => sum + costly(m.content) + MESSAGE_OVERHEAD_TOKENS, 0);
          expect(tokens).toBe(prompt.promptTokens);
          expect(tokens + 90).toBeLessThanOrEqual(contextSize);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("includes something whenever the newest message fits whole", () => {
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 20 }), (messages) => {
        const prompt = assembleSummaryPrompt({ ...base, messages, contextSize: 8192 });
        expect(prompt?.includedMessages ?? 0).toBeGreaterThan(0);
      }),
      { numRuns: 50 },
    );
  });
});
