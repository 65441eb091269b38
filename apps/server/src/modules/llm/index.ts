/** The language models: the engines behind one interface and the registry that picks one per user. */
export {
  type ChatMessage,
  LlmError,
  type LlmHealth,
  type LlmRegistry,
  type ResolvedProvider,
} from "./provider";
export { createLlmRegistry } from "./registry";
export type { TokenCounter } from "./tokenizers";
