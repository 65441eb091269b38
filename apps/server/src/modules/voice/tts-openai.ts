import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { type SpeechAudio, type SpeechEngine, startedStream, VoiceEngineError } from "./engine";
import { OPENAI_VOICES } from "./voices";

export type OpenAiSpeechConfig = { baseUrl: string; apiKey: string | null; model: string | null };

/** TTS_BASE_URL with or without its `/v1`: the API's root. */
export function apiRoot(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, "");
  return /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
}

/** Seconds a speech server has to start answering. */
const FIRST_BYTE_TIMEOUT_MS = 30_000;

/**
 * An OpenAI-compatible speech server (OpenAI, Kokoro-FastAPI, LocalAI): `POST /v1/audio/speech` with
 * `{model, input, voice, response_format: "wav"}`, its body streamed through as it arrives (WAV: the
 * lowest latency format of OpenAI's, and one every browser plays).
 */
export function createOpenAiSpeechEngine(config: OpenAiSpeechConfig): SpeechEngine {
  return {
    name: "openai",
    voices: OPENAI_VOICES,
    available: async () => true,
    async speak({ text, voiceId }, signal): Promise<SpeechAudio> {
      const timeout = AbortSignal.timeout(FIRST_BYTE_TIMEOUT_MS);
      let response: Response;
      try {
        response = await fetch(`${apiRoot(config.baseUrl)}/audio/speech`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: config.model ?? "tts-1",
            input: text,
            voice: voiceId,
            response_format: "wav",
          }),
          signal: AbortSignal.any([signal, timeout]),
        });
      } catch (error) {
        throw new VoiceEngineError(`The speech server could not be reached: ${String(error)}`);
      }
      if (!response.ok || !response.body) {
        const detail = await response.text().catch(() => "");
        throw new VoiceEngineError(`The speech server answered ${response.status}: ${detail.slice(0, 300)}`);
      }
      const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
      const contentType = response.headers.get("content-type")?.split(";")[0]?.trim() || "audio/wav";
      return { contentType, body: await startedStream(body) };
    },
  };
}
