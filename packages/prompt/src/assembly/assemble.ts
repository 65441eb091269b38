import type { FiredEntry } from "../lorebook/activate";
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
  /**
   * Lorebook entries that fired (`activateLore`), in insertion order: before_char ones go right before
   * the character's persona, after_char ones right after the scenario, at_depth ones into the history as
   * system messages `depth` messages from the newest (0: after the newest). Their macros are applied and
   * they count against the context; when the prompt overflows they go after the example dialogue.
   */
  lore?: FiredEntry[];
};

/** The prompt's parts, for a prompt inspector; their tokens add up to promptTokens. */
export const PROMPT_PARTS = [
  "instructions",
  "lore_before",
  "definition",
  "lore_after",
  "user_persona",
  "memories",
  "dialogue",
  "lore_depth",
  "history",
  "closing",
  "overhead",
] as const;
export type PromptPart = (typeof PROMPT_PARTS)[number];

export type AssembledPrompt = {
  messages: PromptMessage[];
  /** The oldest history message still in the prompt; null when no history is included. */
  oldestIncludedMessageId: string | null;
  /** Tokens of the messages plus the chat template's overhead; never above contextSize - maxNewTokens. */
  promptTokens: number;
  /** Tokens each part used, every part of PROMPT_PARTS in that order (0 when absent); "overhead" is the chat template's and the joins'. */
  parts: { part: PromptPart; tokens: number }[];
};

/** Reserved per message for the chat template's role markers (e.g. "<|im_start|>user\n…<|im_end|>\n"). */
export const MESSAGE_OVERHEAD_TOKENS = 8;
/** Reserved once for the begin-of-text token and the assistant's generation prompt. */
export const PROMPT_OVERHEAD_TOKENS = 8;

type Sections = {
  instructions: string;
  loreBefore: string;
  persona: string;
  scenario: string;
  loreAfter: string;
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
  // Lore at a depth: one system message per depth, deepest first, entries in insertion order.
  let depthLore = depthMessages(input.lore ?? [], names);
  let depthCost = depthLore.reduce((sum, group) => sum + cost(group.content), 0);

  let system = joinSections(sections);
  let used = fixed + cost(system) + depthCost;
  for (const dropped of ["dialogue", "lore", "scenario"] as const) {
    if (used <= budget) break;
    if (dropped === "lore") {
      sections.loreBefore = "";
      sections.loreAfter = "";
      depthLore = [];
      depthCost = 0;
    } else sections[dropped] = "";
    system = joinSections(sections);
    used = fixed + cost(system) + depthCost;
  }
  if (used > budget) {
    system = cutToTokens(system, budget - fixed - MESSAGE_OVERHEAD_TOKENS, input.countTokens, "start");
    used = fixed + cost(system);
  }

  const included: PromptMessage[] = [];
  let oldestIncludedMessageId: string | null = null;
  let historyTokens = 0;
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
    historyTokens += input.countTokens(content);
    oldestIncludedMessageId = message.id;
  }
  included.reverse();
  const history = withDepthLore(included, depthLore);
  if (closing) history.push({ role: "system", content: closing });

  const count = (text: string) => (text ? input.countTokens(text) : 0);
  const partTokens: Record<PromptPart, number> = {
    instructions: count(sections.instructions),
    lore_before: count(sections.loreBefore),
    definition: count(
      joinSections({ ...EMPTY_SECTIONS, persona: sections.persona, scenario: sections.scenario }),
    ),
    lore_after: count(sections.loreAfter),
    user_persona: count(sections.userPersona),
    memories: count(sections.memories),
    dialogue: count(sections.dialogue),
    lore_depth: depthLore.reduce((sum, group) => sum + input.countTokens(group.content), 0),
    history: historyTokens,
    closing: count(closing),
    overhead: 0,
  };
  // When the system message was cut, its sections no longer add up: count what is left as instructions on.
  const systemTokens = input.countTokens(system);
  const sectionsTotal = PROMPT_PARTS.slice(0, 7).reduce((sum, part) => sum + partTokens[part], 0);
  if (sectionsTotal > systemTokens) {
    let left = systemTokens;
    for (const part of PROMPT_PARTS.slice(0, 7)) {
      partTokens[part] = Math.min(partTokens[part], left);
      left -= partTokens[part];
    }
  }
  const counted = PROMPT_PARTS.reduce((sum, part) => sum + partTokens[part], 0);
  partTokens.overhead = used - counted;

  return {
    messages: [{ role: "system", content: system }, ...history],
    oldestIncludedMessageId,
    promptTokens: used,
    parts: PROMPT_PARTS.map((part) => ({ part, tokens: partTokens[part] })),
  };
}

const EMPTY_SECTIONS: Sections = {
  instructions: "",
  loreBefore: "",
  persona: "",
  scenario: "",
  loreAfter: "",
  userPersona: "",
  memories: "",
  dialogue: "",
};

/** The at_depth entries as one system message per depth, deepest first. */
function depthMessages(lore: readonly FiredEntry[], names: MacroNames): { depth: number; content: string }[] {
  const byDepth = new Map<number, string[]>();
  for (const entry of lore) {
    if (entry.position !== "at_depth") continue;
    const content = applyMacros(entry.content.trim(), names);
    if (!content) continue;
    const list = byDepth.get(entry.depth) ?? [];
    list.push(content);
    byDepth.set(entry.depth, list);
  }
  return [...byDepth.entries()]
    .sort(([a], [b]) => b - a)
    .map(([depth, contents]) => ({ depth, content: contents.join("\n") }));
}

/** The history with each depth's lore inserted `depth` messages from its end (at its start when deeper). */
function withDepthLore(
  history: readonly PromptMessage[],
  lore: readonly { depth: number; content: string }[],
): PromptMessage[] {
  if (lore.length === 0) return [...history];
  const result: PromptMessage[] = [];
  const at = (group: { depth: number }) => Math.max(0, history.length - group.depth);
  for (let index = 0; index <= history.length; index++) {
    for (const group of lore)
      if (at(group) === index) result.push({ role: "system", content: group.content });
    const message = history[index];
    if (message) result.push(message);
  }
  return result;
}

function systemSections(input: PromptInput, names: MacroNames): Sections {
  const macro = (text: string) => applyMacros(text.trim(), names);
  const { character, userPersona } = input;
  const memories = input.pinnedMemories.map((memory) => macro(memory)).filter(Boolean);
  const lore = (position: "before_char" | "after_char") =>
    (input.lore ?? [])
      .filter((entry) => entry.position === position)
      .map((entry) => macro(entry.content))
      .filter(Boolean)
      .join("\n");
  const block = (title: string, body: string) => (body ? `${title}\n${body}` : "");
  return {
    instructions: macro(input.systemInstructions),
    loreBefore: lore("before_char"),
    persona: block(`${names.char}'s persona:`, macro(character.persona)),
    scenario: block("Scenario:", macro(character.scenario)),
    loreAfter: lore("after_char"),
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
    sections.loreBefore,
    sections.persona,
    sections.scenario,
    sections.loreAfter,
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
