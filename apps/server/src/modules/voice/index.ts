/** Voice: text-to-speech of replies (OpenAI-compatible server or espeak-ng) and speech input. */
export { registerVoiceRoutes } from "./routes";
export type { VoiceService } from "./service";
