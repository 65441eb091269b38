export {
  formatSillyTavernCreateDate,
  parseSillyTavernChat,
  parseSillyTavernDate,
  type SillyTavernChat,
  type SillyTavernExport,
  serializeSillyTavernChat,
} from "./sillytavern";
export {
  ChatFileError,
  nextTimestamp,
  notAfter,
  type TranscriptLimits,
  type TranscriptMessage,
} from "./transcript";
