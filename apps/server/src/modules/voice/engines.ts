import type { ServerConfig } from "../../config";
import type { SpeechEngine, TranscriptionEngine } from "./engine";
import { createOpenAiTranscriptionEngine } from "./stt-openai";
import { createEspeakEngine } from "./tts-espeak";
import { createOpenAiSpeechEngine } from "./tts-openai";

/** TTS_BASE_URL's speech server when set, else the embedded espeak-ng. */
export function createSpeechEngine(config: Pick<ServerConfig, "tts">): SpeechEngine {
  return config.tts ? createOpenAiSpeechEngine(config.tts) : createEspeakEngine();
}

/** STT_BASE_URL's transcription server, or none (the browser's own speech recognition only). */
export function createTranscriptionEngine(config: Pick<ServerConfig, "stt">): TranscriptionEngine | null {
  return config.stt ? createOpenAiTranscriptionEngine(config.stt) : null;
}
