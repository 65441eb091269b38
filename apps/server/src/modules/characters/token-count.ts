import type { LlmRegistry, TokenCounter } from "../llm/index";

type Definition = { name: string; greeting: string; persona: string; scenario: string; dialogue: string };

/** The platform model's tokenizer, which a character's token_count is counted with. */
export const platformTokenCounter =
  (llm: Pick<LlmRegistry, "platform">): TokenCounter =>
  (text) =>
    llm.platform.countTokens(text);

/** Token count of a character's definition (character token_count), with the tokenizer given. */
export function countDefinitionTokens(definition: Definition, count: TokenCounter): number {
  const text = [
    definition.name,
    definition.greeting,
    definition.persona,
    definition.scenario,
    definition.dialogue,
  ]
    .filter(Boolean)
    .join("\n");
  return text ? count(text) : 0;
}
