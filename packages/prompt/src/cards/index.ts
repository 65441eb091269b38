export { toCardV2, toCardV3 } from "./convert";
export { CardError, type CardErrorCode } from "./errors";
export { type CappedExtras, capCardExtras } from "./extras";
export { parseCardJson, serializeCardJson } from "./json";
export { readCardFromPng, writeCardToPng } from "./png";
export type { CardData, CardV2, CardV3, ParsedCard } from "./schema";
export { CARD_MAX_DEPTH } from "./validate";
