export {
  type AssembledPrompt,
  assemblePrompt,
  cutToTokens,
  MESSAGE_OVERHEAD_TOKENS,
  PROMPT_OVERHEAD_TOKENS,
  type PromptInput,
  type PromptMessage,
} from "./assemble";
export { DEFAULT_SYSTEM_INSTRUCTIONS } from "./instructions";
export { applyMacros, type MacroNames } from "./macros";
