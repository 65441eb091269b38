import { type AssembledPrompt, assemblePrompt, type PromptInput } from "./assemble";

/** What autopilot asks the model for after the chat (macros applied when the prompt is assembled). */
export const AUTOPILOT_INSTRUCTION =
  "Now write {{user}}'s next message in this chat, in first person, as {{user}} would say it. Answer with the message text only.";

/**
 * Autopilot's prompt: the chat's prompt (`assemblePrompt`) closed by AUTOPILOT_INSTRUCTION as a last
 * system message, all within contextSize - maxNewTokens (the instruction's tokens come out of the history's
 * share). Its `oldestIncludedMessageId` is about the history, as for a reply.
 */
export function assembleAutopilotPrompt(input: Omit<PromptInput, "closingInstruction">): AssembledPrompt {
  return assemblePrompt({ ...input, closingInstruction: AUTOPILOT_INSTRUCTION });
}

/**
 * Where the model stops: before it writes a line as the other side (the character's for autopilot, the
 * user's for a reply).
 */
export function stopSequences(kind: "reply" | "autopilot", names: { char: string; user: string }): string[] {
  return kind === "autopilot" ? [`\n${names.char}:`] : [`\n${names.user}:`];
}
