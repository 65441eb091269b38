import { bundledTokenCounter, type TokenCounter } from "../llm/index";

type Definition = { name: string; greeting: string; persona: string; scenario: string; dialogue: string };

/** The platform model's tokenizer, registered by the LLM registry at start; a bundled BPE until then. */
let platformCounter: TokenCounter = bundledTokenCounter("");

export function setDefinitionTokenCounter(counter: TokenCounter): void {
  platformCounter = counter;
}

/** Token count of a character's definition with the platform model's tokenizer (character token_count). */
export function countDefinitionTokens(definition: Definition, count: TokenCounter = platformCounter): number {
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
