/** The language models: the engines behind one interface and the registry that picks one per user. */
export {
  type ChatMessage,
  type GenerateRequest,
  LlmError,
  type LlmHealth,
  type LlmProvider,
  type LlmRegistry,
  type LlmUser,
  type ResolvedProvider,
  type ServedModel,
} from "./provider";
export { createLlmRegistry } from "./registry";
export { bundledTokenCounter, type TokenCounter } from "./tokenizers";
