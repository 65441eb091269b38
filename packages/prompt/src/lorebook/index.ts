export {
  type ActivationInput,
  type ActivationResult,
  activateLore,
  type FiredEntry,
  type FireReason,
  LORE_SCAN_CHARS_MAX,
  type LoreSource,
  rollProbability,
  type SkippedEntry,
} from "./activate";
export {
  fromCharacterBook,
  fromSillyTavernWorldInfo,
  fromV3Lorebook,
  LOREBOOK_SOURCE_KEY,
  type LorebookFormat,
  LorebookFormatError,
  parseLorebookFile,
  toCharacterBook,
  toSillyTavernWorldInfo,
  toV3Lorebook,
} from "./formats";
export { compileRegexKey } from "./matcher";
