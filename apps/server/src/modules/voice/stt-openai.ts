import { z } from "zod";
import type { Recording, TranscriptionEngine } from "./engine";
import { VoiceEngineError } from "./engine";
import { apiRoot } from "./tts-openai";

export type OpenAiTranscriptionConfig = { baseUrl: string; apiKey: string | null; model: string | null };

const TRANSCRIPTION_TIMEOUT_MS = 60_000;
const transcriptionSchema = z.object({ text: z.string() });

/**
 * An OpenAI-compatible transcription server (OpenAI, whisper.cpp's server, faster-whisper-server):
 * `POST /v1/audio/transcriptions`, multipart with `file`, `model` and `response_format=json`.
 */
export function createOpenAiTranscriptionEngine(config: OpenAiTranscriptionConfig): TranscriptionEngine {
  return {
    async transcribe(recording: Recording, signal: AbortSignal): Promise<string> {
      const form = new FormData();
      form.append(
        "file",
        new Blob([new Uint8Array(recording.bytes)], { type: recording.contentType }),
        recording.filename,
      );
      form.append("model", config.model ?? "whisper-1");
      form.append("response_format", "json");
      let response: Response;
      try {
        response = await fetch(`${apiRoot(config.baseUrl)}/audio/transcriptions`, {
          method: "POST",
          headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
          body: form,
          signal: AbortSignal.any([signal, AbortSignal.timeout(TRANSCRIPTION_TIMEOUT_MS)]),
        });
      } catch (error) {
        throw new VoiceEngineError(`The transcription server could not be reached: ${String(error)}`);
      }
      const text = await response.text().catch(() => "");
      if (!response.ok) {
        throw new VoiceEngineError(
          `The transcription server answered ${response.status}: ${text.slice(0, 300)}`,
        );
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new VoiceEngineError("The transcription server answered something other than JSON");
      }
      const result = transcriptionSchema.safeParse(parsed);
      if (!result.success) throw new VoiceEngineError("The transcription server's answer has no text");
      return result.data.text.trim();
    },
  };
}
