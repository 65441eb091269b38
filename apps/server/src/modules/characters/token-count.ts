type Definition = { name: string; greeting: string; persona: string; scenario: string; dialogue: string };

const CHARACTERS_PER_TOKEN = 4;

/** Rough token count of a character's definition (about four characters a token) until a real tokenizer. */
export function countDefinitionTokens(definition: Definition): number {
  const text = [
    definition.name,
    definition.greeting,
    definition.persona,
    definition.scenario,
    definition.dialogue,
  ]
    .filter(Boolean)
    .join("\n");
  return Math.ceil(text.length / CHARACTERS_PER_TOKEN);
}
