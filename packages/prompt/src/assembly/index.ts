export {
  type AssembledPrompt,
  assemblePrompt,
  cutToTokens,
  MESSAGE_OVERHEAD_TOKENS,
  PROMPT_OVERHEAD_TOKENS,
  PROMPT_PARTS,
  type PromptInput,
  type PromptMessage,
  type PromptPart,
} from "./assemble";
export { AUTOPILOT_INSTRUCTION, assembleAutopilotPrompt, stopSequences } from "./autopilot";
export { DEFAULT_SYSTEM_INSTRUCTIONS } from "./instructions";
export { applyMacros, type MacroNames } from "./macros";
export {
  assembleSummaryPrompt,
  type SummaryPrompt,
  type SummaryPromptInput,
  summaryInstruction,
} from "./summary";
