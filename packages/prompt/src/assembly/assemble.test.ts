import fc from "fast-check";
import { countTokens as cl100k } from "gpt-tokenizer/encoding/cl100k_base";
import { describe, expect, it } from "vitest";
import type { FiredEntry } from "../lorebook/activate";
import {
  assemblePrompt,
  cutToTokens,
  MESSAGE_OVERHEAD_TOKENS,
  PROMPT_OVERHEAD_TOKENS,
  PROMPT_PARTS,
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
    const { parts: _parts, ...prompt } = assemblePrompt(base);
    expect(prompt).toMatchSnapshot();
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

const fired = (fields: Partial<FiredEntry> & Pick<FiredEntry, "entryId" | "content">): FiredEntry => ({
  sourceKind: "character",
  sourceId: "char-1",
  bookName: "Mara's coast",
  entryName: fields.entryId,
  position: "before_char",
  depth: 4,
  insertionOrder: 100,
  priority: 10,
  tokens: 0,
  reason: { kind: "constant" },
  ...fields,
});

const lore: FiredEntry[] = [
  fired({ entryId: "coast", content: "The coast of Vell is all cliffs and fog.", insertionOrder: 1 }),
  fired({
    entryId: "brother",
    content: "{{char}}'s brother Tam sails the mail boat.",
    position: "after_char",
  }),
  fired({ entryId: "storm", content: "Storms here last three days.", position: "at_depth", depth: 2 }),
  fired({ entryId: "bell", content: "A bell rings when {{user}} lies.", position: "at_depth", depth: 2 }),
  fired({ entryId: "now", content: "It is past midnight.", position: "at_depth", depth: 0 }),
  fired({
    entryId: "deep",
    content: "Long ago the lighthouse was a chapel.",
    position: "at_depth",
    depth: 99,
  }),
];

describe("assemblePrompt with lore", () => {
  it("puts before_char lore before the persona, after_char after the scenario, at_depth into the history", () => {
    const prompt = assemblePrompt({ ...base, lore });
    expect(prompt.messages).toMatchSnapshot();
    const system = prompt.messages[0]?.content ?? "";
    expect(system.indexOf("The coast of Vell")).toBeLessThan(system.indexOf("Mara's persona:"));
    expect(system.indexOf("Tam sails")).toBeGreaterThan(system.indexOf("Scenario:"));
    expect(system.indexOf("Tam sails")).toBeLessThan(system.indexOf("About Sam:"));
    expect(system).toContain("Mara's brother Tam");
    const roles = prompt.messages.map((message) => message.role);
    // deep (clamped to the top), 2 history, storm+bell at depth 2, 2 history, now at depth 0.
    expect(roles).toEqual(["system", "system", "assistant", "user", "system", "assistant", "user", "system"]);
    expect(prompt.messages[4]?.content).toBe("Storms here last three days.\nA bell rings when Sam lies.");
  });

  it("without lore the prompt is the same as before, lore parts at 0", () => {
    const plain = assemblePrompt(base);
    expect(assemblePrompt({ ...base, lore: [] })).toEqual(plain);
    for (const part of ["lore_before", "lore_after", "lore_depth"]) {
      expect(plain.parts.find((item) => item.part === part)?.tokens).toBe(0);
    }
  });

  it("reports every part's tokens, adding up to the prompt's", () => {
    const prompt = assemblePrompt({ ...base, lore, closingInstruction: "Write {{user}}'s next message." });
    expect(prompt.parts.map((item) => item.part)).toEqual([...PROMPT_PARTS]);
    expect(prompt.parts.reduce((sum, item) => sum + item.tokens, 0)).toBe(prompt.promptTokens);
    const tokens = Object.fromEntries(prompt.parts.map((item) => [item.part, item.tokens]));
    expect(tokens.lore_before).toBe(countTokens("The coast of Vell is all cliffs and fog."));
    expect(tokens.lore_depth).toBeGreaterThan(0);
    expect(tokens.history).toBe(
      base.history.reduce(
        (sum, message) =>
          sum + countTokens(message.content.replace(/\{\{char\}\}/g, "Mara").replace(/<USER>/g, "Sam")),
        0,
      ),
    );
    expect(tokens.overhead).toBeGreaterThanOrEqual(PROMPT_OVERHEAD_TOKENS);
  });

  it("counts lore against the context: older history makes room for it", () => {
    const long = { ...base, history: history(200), contextSize: 1024 };
    const without = assemblePrompt(long);
    const withLore = assemblePrompt({ ...long, lore });
    expect(withLore.promptTokens).toBeLessThanOrEqual(1024 - 200);
    expect(withLore.messages.filter((message) => message.role !== "system").length).toBeLessThan(
      without.messages.length - 1,
    );
  });

  it("when the character overflows, drops the example dialogue, then the lore, then the scenario", () => {
    const huge = (word: string) => `${word} `.repeat(2000);
    const bigLore = [fired({ entryId: "big", content: huge("lore"), position: "after_char" }), ...lore];
    const noDialogue = assemblePrompt({
      ...base,
      lore,
      character: { ...base.character, dialogue: huge("dialogue") },
    });
    expect(noDialogue.messages[0]?.content).toContain("The coast of Vell");
    const noLore = assemblePrompt({ ...base, lore: bigLore });
    expect(noLore.messages[0]?.content).not.toContain("lore lore");
    expect(noLore.messages[0]?.content).not.toContain("The coast of Vell");
    expect(noLore.messages.filter((message) => message.role === "system")).toHaveLength(1);
    expect(noLore.messages[0]?.content).toContain("Scenario:");
    expect(noLore.promptTokens).toBeLessThanOrEqual(2048 - 200);
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

  it("with lore: never exceeds the context, and the parts add up to the prompt's tokens", () => {
    const entry = fc.record({
      content: fc.string({ unit: "grapheme", maxLength: 300 }),
      position: fc.constantFrom("before_char" as const, "after_char" as const, "at_depth" as const),
      depth: fc.integer({ min: 0, max: 8 }),
    });
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 6 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 40, max: 3000 }),
        fc.boolean(),
        (entries, count, extra, closing) => {
          const prompt = assemblePrompt({
            ...base,
            history: history(count),
            contextSize: 200 + extra,
            lore: entries.map((value, index) => fired({ entryId: `e${index}`, ...value })),
            ...(closing ? { closingInstruction: "Go on." } : {}),
          });
          expect(prompt.promptTokens + 200).toBeLessThanOrEqual(200 + extra);
          const recount =
            PROMPT_OVERHEAD_TOKENS +
            prompt.messages.reduce(
              (sum, message) => sum + countTokens(message.content) + MESSAGE_OVERHEAD_TOKENS,
              0,
            );
          expect(recount).toBe(prompt.promptTokens);
          expect(prompt.parts.reduce((sum, item) => sum + item.tokens, 0)).toBe(prompt.promptTokens);
          for (const item of prompt.parts) expect(item.tokens).toBeGreaterThanOrEqual(0);
        },
      ),
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
