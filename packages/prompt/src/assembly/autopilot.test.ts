import fc from "fast-check";
import { countTokens as cl100k } from "gpt-tokenizer/encoding/cl100k_base";
import { describe, expect, it } from "vitest";
import {
  assemblePrompt,
  MESSAGE_OVERHEAD_TOKENS,
  PROMPT_OVERHEAD_TOKENS,
  type PromptInput,
} from "./assemble";
import { assembleAutopilotPrompt, stopSequences } from "./autopilot";
import { DEFAULT_SYSTEM_INSTRUCTIONS } from "./instructions";

const countTokens = (text: string) => cl100k(text, { disallowedSpecial: new Set() });

const base: PromptInput = {
  systemInstructions: DEFAULT_SYSTEM_INSTRUCTIONS,
  character: { name: "Mara", persona: "A lighthouse keeper.", scenario: "A storm.", dialogue: "" },
  userName: "Sam",
  userPersona: null,
  pinnedMemories: [],
  history: [
    { id: "m0", role: "bot", content: "Come in out of the rain, {{user}}." },
    { id: "m1", role: "user", content: "Thank you!" },
    { id: "m2", role: "bot", content: "Tea?" },
  ],
  contextSize: 2048,
  maxNewTokens: 200,
  countTokens,
};

const recount = (messages: { content: string }[]) =>
  PROMPT_OVERHEAD_TOKENS +
  messages.reduce((sum, m) => sum + countTokens(m.content) + MESSAGE_OVERHEAD_TOKENS, 0);

describe("assembleAutopilotPrompt", () => {
  it("is the chat's prompt closed by the instruction to write the user's next message", () => {
    const prompt = assembleAutopilotPrompt(base);
    expect(prompt.messages.slice(0, -1)).toEqual(assemblePrompt(base).messages);
    expect(prompt.messages.at(-1)).toMatchSnapshot();
    expect(prompt.promptTokens).toBe(recount(prompt.messages));
  });

  it("makes room for the instruction in the history's share, never past the context", () => {
    const history = Array.from({ length: 300 }, (_, i) => ({
      id: `m${i}`,
      role: i % 2 === 0 ? ("bot" as const) : ("user" as const),
      content: `Line ${i} of a long evening by the lamp.`,
    }));
    const reply = assemblePrompt({ ...base, history });
    const autopilot = assembleAutopilotPrompt({ ...base, history });
    expect(autopilot.promptTokens).toBeLessThanOrEqual(2048 - 200);
    expect(autopilot.messages.length - 2).toBeLessThan(reply.messages.length - 1);
  });

  it("never exceeds the context for any history", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "grapheme", maxLength: 600 }), { maxLength: 30 }),
        fc.integer({ min: 80, max: 2000 }),
        (texts, extra) => {
          const history = texts.map((content, i) => ({
            id: `m${i}`,
            role: i % 2 === 0 ? ("bot" as const) : ("user" as const),
            content,
          }));
          const prompt = assembleAutopilotPrompt({ ...base, history, contextSize: 200 + extra });
          expect(prompt.promptTokens).toBe(recount(prompt.messages));
          expect(prompt.promptTokens).toBeLessThanOrEqual(extra);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe("stopSequences", () => {
  it("stops a reply at the user's line and a suggestion at the character's", () => {
    const names = { char: "Mara", user: "Sam" };
    expect(stopSequences("reply", names)).toEqual(["\nSam:"]);
    expect(stopSequences("autopilot", names)).toEqual(["\nMara:"]);
  });
});
