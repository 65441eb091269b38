import { CardError } from "./errors";
import type { CardV2, CardV3, ParsedCard } from "./schema";
import { cardFromJsonValue, validateCard } from "./validate";

/** Reads a V1, V2 or V3 card from JSON text. Throws CardError. */
export function parseCardJson(text: string): ParsedCard {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    throw new CardError("invalid_card", "The character card is not valid JSON.");
  }
  return cardFromJsonValue(value);
}

/** The card as a JSON file's text (validated, two-space indented). Throws CardError for an invalid card. */
export function serializeCardJson(card: CardV2 | CardV3): string {
  return `${JSON.stringify(validateCard(card).card, null, 2)}\n`;
}
