/**
 * The lorebook engine (packages/prompt: formats and activation), as this module uses it: one place that
 * names its functions, so the rest of the module reads its own vocabulary.
 */
export {
  activateLore,
  type FiredEntry,
  fromCharacterBook,
  LorebookFormatError,
  type LoreSource,
  parseLorebookFile,
  type SkippedEntry,
  toSillyTavernWorldInfo,
  toV3Lorebook,
} from "@hearth/prompt";
