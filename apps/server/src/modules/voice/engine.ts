import { Readable } from "node:stream";
import type { SpeechEngineName, Voice } from "@hearth/contracts";

/** Audio as it is spoken: its content type and a stream of its bytes (playback starts before the end). */
export type SpeechAudio = { contentType: string; body: Readable };

/**
 * A text-to-speech engine: an OpenAI-compatible speech server (tts-openai.ts) or the embedded espeak-ng
 * (tts-espeak.ts). `speak` resolves once the engine has started answering (its first bytes), so a failure
 * before any audio is an error answer, not a broken stream.
 */
export interface SpeechEngine {
  readonly name: SpeechEngineName;
  readonly voices: readonly Voice[];
  /** Whether the engine can speak here (espeak-ng installed; a speech server is assumed to be). */
  available(): Promise<boolean>;
  speak(request: { text: string; voiceId: string }, signal: AbortSignal): Promise<SpeechAudio>;
}

/** A recording to transcribe, as the browser sent it. */
export type Recording = { bytes: Buffer; filename: string; contentType: string };

/** A speech-to-text engine: an OpenAI-compatible transcription server (stt-openai.ts). */
export interface TranscriptionEngine {
  transcribe(recording: Recording, signal: AbortSignal): Promise<string>;
}

/** The engine failed or could not be reached; the detail goes to the log, never to the member. */
export class VoiceEngineError extends Error {}

/** Reads a stream's first chunk, then answers a stream of every chunk: failures before any byte reject. */
export async function startedStream(body: AsyncIterable<Buffer>): Promise<Readable> {
  const iterator = body[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw new VoiceEngineError("The speech engine answered no audio");
  async function* all(): AsyncGenerator<Buffer> {
    try {
      yield first.value;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      await iterator.return?.();
    }
  }
  return Readable.from(all(), { objectMode: false });
}
