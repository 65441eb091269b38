import { applyMacros, type MacroNames } from "./macros";

export type PromptMessage = { role: "system" | "user" | "assistant"; content: string };

export type PromptInput = {
  systemInstructions: string;
  character: { name: string; persona: string; scenario: string; dialogue: string };
  /** Replaces {{user}}: the persona's name when one is used, else the user's name. */
  userName: string;
  userPersona: { name: string; highlights: string } | null;
  pinnedMemories: string[];
  /** Oldest first. */
  history: { id: string; role: "user" | "bot"; content: string }[];
  contextSize: number;
  maxNewTokens: number;
  countTokens: (text: string) => number;
  /**
   * A system message after the history (autopilot's instruction: `assembleAutopilotPrompt`); its macros
   * are applied and its tokens come out of the budget before the history's.
   */
  closingInstruction?: string;
};

export type AssembledPrompt = {
  messages: PromptMessage[];
  /** The oldest history message still in the prompt; null when no history is included. */
  oldestIncludedMessageId: string | null;
  /** Tokens of the messages plus the chat template's overhead; never above contextSize - maxNewTokens. */
  promptTokens: number;
};

/** Reserved per message for the chat template's role markers (e.g. "<|im_start|>user\n…<|im_end|>\n"). */
export const MESSAGE_OVERHEAD_TOKENS = 8;
/** Reserved once for the begin-of-text token and the assistant's generation prompt. */
export const PROMPT_OVERHEAD_TOKENS = 8;

type Sections = {
  instructions: string;
  persona: string;
  scenario: string;
  userPersona: string;
  memories: string;
  dialogue: string;
};

/**
 * Builds the prompt: one system message (instructions, character persona, scenario, the user's persona,
 * pinned memories, example dialogue), then as much history as fits, newest first, then the closing
 * instruction if any, within contextSize - maxNewTokens. When even the system message does not fit, the
 * example dialogue goes first, then the scenario, then the system message is cut at its end. A newest
 * message too long for what is left is cut at its start. Pure: the caller supplies the model's token counter.
 */
export function assemblePrompt(input: PromptInput): AssembledPrompt {
  const budget = input.contextSize - input.maxNewTokens;
  const cost = (text: string) => input.countTokens(text) + MESSAGE_OVERHEAD_TOKENS;
  const names: MacroNames = { char: input.character.name, user: input.userName };
  const closing = applyMacros(input.closingInstruction?.trim() ?? "", names);
  // Tokens spent whatever else fits: the template's, and the closing instruction's.
  const fixed = PROMPT_OVERHEAD_TOKENS + (closing ? cost(closing) : 0);
  if (budget < fixed + MESSAGE_OVERHEAD_TOKENS) {
    throw new RangeError(`A context of ${input.contextSize} tokens leaves no room for a prompt.`);
  }
  const sections = systemSections(input, names);

  let system = joinSections(sections);
  let used = fixed + cost(system);
  for (const dropped of ["dialogue", "scenario"] as const) {
    if (used <= budget) break;
    sections[dropped] = "";
    system = joinSections(sections);
    used = fixed + cost(system);
  }
  if (used > budget) {
    system = cutToTokens(system, budget - fixed - MESSAGE_OVERHEAD_TOKENS, input.countTokens, "start");
    used = fixed + cost(system);
  }

  const included: PromptMessage[] = [];
  let oldestIncludedMessageId: string | null = null;
  for (let i = input.history.length - 1; i >= 0; i--) {
    const message = input.history[i];
    if (!message) break;
    let content = applyMacros(message.content, names);
    let messageCost = cost(content);
    if (used + messageCost > budget) {
      const room = budget - used - MESSAGE_OVERHEAD_TOKENS;
      // Only the newest message is ever cut: the model must see what it answers.
      if (included.length > 0 || room <= 0) break;
      content = cutToTokens(content, room, input.countTokens, "end");
      messageCost = cost(content);
      if (!content || used + messageCost > budget) break;
    }
    included.push({ role: message.role === "bot" ? "assistant" : "user", content });
    used += messageCost;
    oldestIncludedMessageId = message.id;
  }
  included.reverse();
  if (closing) included.push({ role: "system", content: closing });

  return {
    messages: [{ role: "system", content: system }, ...included],
    oldestIncludedMessageId,
    promptTokens: used,
  };
}

function systemSections(input: PromptInput, names: MacroNames): Sections {
  const macro = (text: string) => applyMacros(text.trim(), names);
  const { character, userPersona } = input;
  const memories = input.pinnedMemories.map((memory) => macro(memory)).filter(Boolean);
  const block = (title: string, body: string) => (body ? `${title}\n${body}` : "");
  return {
    instructions: macro(input.systemInstructions),
    persona: block(`${names.char}'s persona:`, macro(character.persona)),
    scenario: block("Scenario:", macro(character.scenario)),
    userPersona: block(`About ${names.user}:`, userPersona ? macro(userPersona.highlights) : ""),
    memories: block("Things to remember:", memories.map((memory) => `- ${memory}`).join("\n")),
    dialogue: block(
      `Example dialogue (shows ${names.char}'s voice; not part of this conversation):`,
      macro(character.dialogue),
    ),
  };
}

function joinSections(sections: Sections): string {
  return [
    sections.instructions,
    sections.persona,
    sections.scenario,
    sections.userPersona,
    sections.memories,
    sections.dialogue,
  ]
    .filter(Boolean)
    .join("\n\n");
}

/**
 * The longest part of `text` that counts at most `maxTokens`: its beginning (`keep` "start") or its
 * end ("end"). Binary search over characters, so O(log n) counts; never splits a surrogate pair.
 */
export function cutToTokens(
  text: string,
  maxTokens: number,
  countTokens: (text: string) => number,
  keep: "start" | "end",
): string {
  if (maxTokens <= 0) return "";
  if (countTokens(text) <= maxTokens) return text;
  const part = (length: number) => {
    let cut = keep === "start" ? length : text.length - length;
    if (isLowSurrogate(text.charCodeAt(cut))) cut += keep === "start" ? -1 : 1;
    return keep === "start" ? text.slice(0, cut) : text.slice(cut);
  };
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (countTokens(part(middle)) <= maxTokens) low = middle;
    else high = middle - 1;
  }
  // A tokenizer need not be monotonic at every length: shrink until the count holds.
  let length = low;
  while (length > 0 && countTokens(part(length)) > maxTokens) length--;
  return part(length);
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
