import fc from "fast-check";
import { countTokens as cl100k } from "gpt-tokenizer/encoding/cl100k_base";
import { describe, expect, it } from "vitest";
import {
  assemblePrompt,
  cutToTokens,
  MESSAGE_OVERHEAD_TOKENS,
  PROMPT_OVERHEAD_TOKENS,
  type PromptInput,
} from "./assemble";
import { DEFAULT_SYSTEM_INSTRUCTIONS } from "./instructions";

const countTokens = (text: string) => cl100k(text, { disallowedSpecial: new Set() });

const history = (count: number): PromptInput["history"] =>
  Array.from({ length: count }, (_, i) => ({
    id: `m${i}`,
    role: i % 2 === 0 ? ("bot" as const) : ("user" as const),
    content:
      i % 2 === 0 ? `{{char}} answers ${i}: the lighthouse keeps its secrets.` : `<USER> asks question ${i}?`,
  }));

const base: PromptInput = {
  systemInstructions: DEFAULT_SYSTEM_INSTRUCTIONS,
  character: {
    name: "Mara",
    persona: "A weathered lighthouse keeper. Dry humour; kind to {{user}} underneath.",
    scenario: "A storm has trapped {{user}} at <BOT>'s lighthouse for the night.",
    dialogue: "{{user}}: Is it always this loud?\n{{char}}: Only when the sea has something to say.",
  },
  userName: "Sam",
  userPersona: { name: "Sam", highlights: "A travelling cartographer who hates boats." },
  pinnedMemories: ["{{user}} lost a compass in the harbour.", "Mara's brother left for the mainland."],
  history: history(4),
  contextSize: 2048,
  maxNewTokens: 200,
  countTokens,
};

describe("assemblePrompt", () => {
  it("orders instructions, persona, scenario, user persona, memories, dialogue, then history", () => {
    expect(assemblePrompt(base)).toMatchSnapshot();
  });

  it("leaves out empty sections and a missing persona", () => {
    const prompt = assemblePrompt({
      ...base,
      character: { ...base.character, scenario: "  ", dialogue: "" },
      userPersona: null,
      pinnedMemories: [],
      history: [{ id: "only", role: "user", content: "Hello {{CHAR}}!" }],
    });
    expect(prompt.messages).toMatchSnapshot();
    expect(prompt.oldestIncludedMessageId).toBe("only");
  });

  it("applies the macros in any case, also the legacy ones, everywhere", () => {
    const prompt = assemblePrompt(base);
    const text = prompt.messages.map((message) => message.content).join("\n");
    expect(text).not.toMatch(/\{\{(char|user)\}\}|<(bot|user)>/i);
    expect(prompt.messages.at(-1)).toEqual({ role: "user", content: "Sam asks question 3?" });
  });

  it("drops the oldest history first and reports the oldest message kept", () => {
    const long = { ...base, history: history(400), contextSize: 1024 };
    const prompt = assemblePrompt(long);
    const kept = prompt.messages.length - 1;
    expect(kept).toBeGreaterThan(2);
    expect(kept).toBeLessThan(400);
    expect(prompt.oldestIncludedMessageId).toBe(`m${400 - kept}`);
    expect(prompt.promptTokens).toBeLessThanOrEqual(1024 - 200);
  });

  it("trims the example dialogue, then the scenario, when the character alone overflows", () => {
    const huge = (word: string) => `${word} `.repeat(2000);
    const noDialogue = assemblePrompt({
      ...base,
      character: { ...base.character, dialogue: huge("dialogue") },
    });
    expect(noDialogue.messages[0]?.content).not.toContain("dialogue dialogue");
    expect(noDialogue.messages[0]?.content).toContain("Scenario:");

    const noScenario = assemblePrompt({
      ...base,
      character: { ...base.character, dialogue: huge("dialogue"), scenario: huge("storm") },
    });
    expect(noScenario.messages[0]?.content).not.toContain("Scenario:");
    expect(noScenario.messages[0]?.content).toContain("lighthouse keeper");
    expect(noScenario.promptTokens).toBeLessThanOrEqual(2048 - 200);
  });

  it("cuts the start of a newest message too long for the budget", () => {
    const prompt = assemblePrompt({
      ...base,
      history: [{ id: "long", role: "user", content: `${"blah ".repeat(3000)}THE END` }],
    });
    expect(prompt.oldestIncludedMessageId).toBe("long");
    expect(prompt.messages.at(-1)?.content.endsWith("THE END")).toBe(true);
    expect(prompt.promptTokens).toBeLessThanOrEqual(2048 - 200);
  });

  it("counts every message with the template overhead", () => {
    const prompt = assemblePrompt(base);
    const expected =
      PROMPT_OVERHEAD_TOKENS +
      prompt.messages.reduce(
        (sum, message) => sum + countTokens(message.content) + MESSAGE_OVERHEAD_TOKENS,
        0,
      );
    expect(prompt.promptTokens).toBe(expected);
  });

  it("refuses a context with no room for a prompt", () => {
    expect(() => assemblePrompt({ ...base, contextSize: 210, maxNewTokens: 200 })).toThrow(RangeError);
  });
});

describe("assemblePrompt properties", () => {
  const text = fc.string({ unit: "grapheme", maxLength: 400 });
  const input = fc.record({
    persona: text,
    scenario: text,
    dialogue: text,
    highlights: fc.option(text, { nil: null }),
    memories: fc.array(fc.string({ maxLength: 250 }), { maxLength: 5 }),
    history: fc.array(
      fc.record({ bot: fc.boolean(), content: fc.string({ unit: "grapheme", maxLength: 600 }) }),
      {
        maxLength: 40,
      },
    ),
    maxNewTokens: fc.integer({ min: 180, max: 300 }),
    extra: fc.integer({ min: 16, max: 3000 }),
  });

  it("never exceeds the context and keeps a contiguous newest suffix of the history", () => {
    fc.assert(
      fc.property(input, (sample) => {
        const contextSize = sample.maxNewTokens + sample.extra;
        const prompt = assemblePrompt({
          ...base,
          character: {
            name: "Mara",
            persona: sample.persona,
            scenario: sample.scenario,
            dialogue: sample.dialogue,
          },
          userPersona: sample.highlights === null ? null : { name: "Sam", highlights: sample.highlights },
          pinnedMemories: sample.memories,
          history: sample.history.map((message, i) => ({
            id: `m${i}`,
            role: message.bot ? "bot" : "user",
            content: message.content,
          })),
          contextSize,
          maxNewTokens: sample.maxNewTokens,
        });
        expect(prompt.promptTokens + sample.maxNewTokens).toBeLessThanOrEqual(contextSize);
        const recount =
          PROMPT_OVERHEAD_TOKENS +
          prompt.messages.reduce(
            (sum, message) => sum + countTokens(message.content) + MESSAGE_OVERHEAD_TOKENS,
            0,
          );
        expect(recount).toBe(prompt.promptTokens);

        const included = prompt.messages.length - 1;
        const firstIndex = sample.history.length - included;
        expect(prompt.oldestIncludedMessageId).toBe(included === 0 ? null : `m${firstIndex}`);
        prompt.messages.slice(1).forEach((message, offset) => {
          const source = sample.history[firstIndex + offset];
          expect(message.role).toBe(source?.bot ? "assistant" : "user");
        });
      }),
      { numRuns: 150 },
    );
  });

  it("cuts text to at most the requested tokens, keeping the asked end", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 500 }),
        fc.integer({ min: 0, max: 60 }),
        (sample, limit) => {
          const start = cutToTokens(sample, limit, countTokens, "start");
          const end = cutToTokens(sample, limit, countTokens, "end");
          expect(countTokens(start)).toBeLessThanOrEqual(limit);
          expect(countTokens(end)).toBeLessThanOrEqual(limit);
          expect(sample.startsWith(start)).toBe(true);
          expect(sample.endsWith(end)).toBe(true);
        },
      ),
    );
  });
});
