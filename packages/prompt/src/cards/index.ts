export { toCardV2, toCardV3 } from "./convert";
export { CardError, type CardErrorCode } from "./errors";
export { parseCardJson, serializeCardJson } from "./json";
export { readCardFromPng, writeCardToPng } from "./png";
export type { CardData, CardV2, CardV3, ParsedCard } from "./schema";
