import { cutToTokens, MESSAGE_OVERHEAD_TOKENS, PROMPT_OVERHEAD_TOKENS, type PromptMessage } from "./assemble";

/** The automatic memory's instruction: one summary of at most `maxChars` characters. */
export function summaryInstruction(maxChars: number): string {
  return `Summarize the roleplay conversation above as one memory for the story so far: who is who, what happened, what matters next. At most two sentences and ${maxChars} characters. Answer with the summary only.`;
}

export type SummaryPromptInput = {
  /** The conversation's latest messages, oldest first; only the newest that fit are used. */
  messages: readonly { role: "user" | "bot"; content: string }[];
  /** The model's context size in tokens. */
  contextSize: number;
  /** Tokens kept for the summary the model writes. */
  maxNewTokens: number;
  /** The longest memory (characters), named in the instruction. */
  maxSummaryChars: number;
  countTokens: (text: string) => number;
};

export type SummaryPrompt = {
  /** The transcript as a user message, then the instruction as a system message. */
  messages: PromptMessage[];
  /** How many of the latest messages the transcript holds (the newest one possibly cut at its start). */
  includedMessages: number;
  /** Tokens of the messages plus the chat template's overhead; never above contextSize - maxNewTokens. */
  promptTokens: number;
};

const LABELS = { bot: "Character", user: "User" } as const;
const lineOf = (message: SummaryPromptInput["messages"][number]) =>
  `${LABELS[message.role]}: ${message.content}`;

/**
 * The automatic memory's prompt: a transcript of as many of the latest messages as fit in
 * contextSize - maxNewTokens, whole messages, newest kept and oldest dropped first; when the newest alone
 * is too long it is cut, keeping its end. Null when not even a part of the newest message fits (or there
 * are no messages): nothing to summarize. Pure: the caller supplies the model's token counter.
 */
export function assembleSummaryPrompt(input: SummaryPromptInput): SummaryPrompt | null {
  const budget = input.contextSize - input.maxNewTokens;
  const count = input.countTokens;
  const instruction = summaryInstruction(input.maxSummaryChars);
  // The template's, the instruction's and the transcript message's own overhead: spent whatever fits.
  const fixed = PROMPT_OVERHEAD_TOKENS + count(instruction) + 2 * MESSAGE_OVERHEAD_TOKENS;
  const room = budget - fixed;
  const newest = input.messages.at(-1);
  if (!newest || room <= 0) return null;

  // Newest first, whole lines, while the running estimate fits (one token per line break).
  const lines: string[] = [];
  let estimate = 0;
  for (let i = input.messages.length - 1; i >= 0; i--) {
    const message = input.messages[i];
    if (!message) break;
    const line = lineOf(message);
    const lineTokens = count(line) + (lines.length > 0 ? 1 : 0);
    if (estimate + lineTokens > room) break;
    lines.push(line);
    estimate += lineTokens;
  }
  lines.reverse();
  // The newest message alone is too long: its end, under its label.
  const cutNewest = (limit: number): string | null => {
    const label = `${LABELS[newest.role]}: `;
    const cut = cutToTokens(newest.content, limit - count(label), count, "end");
    return cut ? `${label}${cut}` : null;
  };
  if (lines.length === 0) {
    const line = cutNewest(room);
    if (line === null) return null;
    lines.push(line);
  }

  // The estimate adds the lines' counts; the joined text is counted once more, as a tokenizer need not be
  // additive: while it does not fit, the oldest line goes, and a last line is cut further.
  let transcript = lines.join("\n");
  let limit = room;
  for (let tokens = count(transcript); tokens > room; tokens = count(transcript)) {
    if (lines.length > 1) {
      lines.shift();
    } else {
      // Strictly smaller each time, so this ends (at worst with nothing left to cut).
      limit = Math.min(limit - 1, room - (tokens - room));
      const line = cutNewest(limit);
      if (line === null) return null;
      lines[0] = line;
    }
    transcript = lines.join("\n");
  }

  const messages: PromptMessage[] = [
    { role: "user", content: transcript },
    { role: "system", content: instruction },
  ];
  const promptTokens =
    PROMPT_OVERHEAD_TOKENS + messages.reduce((sum, m) => sum + count(m.content) + MESSAGE_OVERHEAD_TOKENS, 0);
  return { messages, includedMessages: lines.length, promptTokens };
}
