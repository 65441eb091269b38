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
export { compileRegexKey } from "./matcher";
