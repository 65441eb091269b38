import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { cliOption, json, readBytes } from "./fake-http";

/**
 * A small OpenAI-compatible audio server for tests and e2e, speaking the real protocols:
 *
 * - `POST /v1/audio/speech` `{model, input, voice, response_format}`: a real WAV (16-bit PCM, mono,
 *   24 kHz) of a tone whose pitch follows the voice and whose length follows the input (60 ms a
 *   character, 0.5 to 8 s), streamed in `chunkBytes` chunks `chunkDelayMs` apart, so a client can play
 *   it before it has all arrived. An unknown voice answers 400 as OpenAI does.
 * - `POST /v1/audio/transcriptions` (multipart `file`, `model`, `response_format`): `{"text": transcript}`
 *   and the file's bytes kept in `transcriptions`.
 *
 * `failNext: n` answers the next n requests 500. Separate processes use POST /__control (same fields)
 * and GET /__control (the options and the requests seen).
 */
export type FakeSpeechOptions = {
  chunkBytes: number;
  chunkDelayMs: number;
  transcript: string;
  failNext: number;
  /** When set, requests must carry `Authorization: Bearer <apiKey>` (401 otherwise). */
  apiKey: string | null;
};

export type SpeechRequestBody = { model?: string; input?: string; voice?: string; response_format?: string };
export type TranscriptionRequest = {
  model: string;
  responseFormat: string;
  filename: string;
  type: string;
  bytes: Buffer;
};

export type FakeOpenAiSpeech = {
  /** Base URL for TTS_BASE_URL / STT_BASE_URL, ending in /v1. */
  url: string;
  port: number;
  options: FakeSpeechOptions;
  speechRequests: SpeechRequestBody[];
  transcriptions: TranscriptionRequest[];
  close(): Promise<void>;
};

export const FAKE_SPEECH_VOICES = ["alloy", "echo", "fable", "onyx", "nova", "shimmer"] as const;
const SAMPLE_RATE = 24_000;
const DEFAULTS: FakeSpeechOptions = {
  chunkBytes: 8192,
  chunkDelayMs: 5,
  transcript: "Hello from the microphone",
  failNext: 0,
  apiKey: null,
};

/** A complete WAV file: RIFF header, fmt chunk (PCM 16-bit mono) and a tone of `seconds` at `hz`. */
export function toneWav(seconds: number, hz: number): Buffer {
  const samples = Math.round(seconds * SAMPLE_RATE);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    // A gentle fade in and out so the tone does not click.
    const envelope = Math.min(1, i / 600, (samples - i) / 600);
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / SAMPLE_RATE) * 8000 * envelope), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export async function startFakeOpenAiSpeech(
  options: Partial<FakeSpeechOptions> = {},
  port = 0,
): Promise<FakeOpenAiSpeech> {
  const state: FakeSpeechOptions = { ...DEFAULTS, ...options };
  const speechRequests: SpeechRequestBody[] = [];
  const transcriptions: TranscriptionRequest[] = [];

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = request.url ?? "/";
    if (url === "/__control") {
      if (request.method === "POST")
        Object.assign(state, JSON.parse((await readBytes(request)).toString() || "{}"));
      return json(response, 200, {
        ...state,
        speechRequests,
        transcriptions: transcriptions.map(({ bytes, ...rest }) => ({ ...rest, size: bytes.length })),
      });
    }
    if (state.apiKey && request.headers.authorization !== `Bearer ${state.apiKey}`) {
      await readBytes(request);
      return json(response, 401, openAiError("Incorrect API key provided.", "invalid_api_key"));
    }
    if (request.method === "POST" && url === "/v1/audio/speech") {
      const body = JSON.parse((await readBytes(request)).toString() || "{}") as SpeechRequestBody;
      speechRequests.push(body);
      if (failing())
        return json(response, 500, openAiError("The fake speech server failed.", "server_error"));
      const voiceIndex = FAKE_SPEECH_VOICES.indexOf(body.voice as (typeof FAKE_SPEECH_VOICES)[number]);
      if (!body.input || voiceIndex === -1) {
        return json(response, 400, openAiError("input and a known voice are required", "invalid_value"));
      }
      const seconds = Math.min(8, Math.max(0.5, body.input.length * 0.06));
      const wav = toneWav(seconds, 180 + voiceIndex * 40);
      response.writeHead(200, { "content-type": "audio/wav", "transfer-encoding": "chunked" });
      let closed = false;
      response.on("close", () => {
        closed = true;
      });
      for (let offset = 0; offset < wav.length && !closed; offset += state.chunkBytes) {
        response.write(wav.subarray(offset, offset + state.chunkBytes));
        if (state.chunkDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.chunkDelayMs));
      }
      response.end();
      return;
    }
    if (request.method === "POST" && url === "/v1/audio/transcriptions") {
      const raw = await readBytes(request);
      if (failing())
        return json(response, 500, openAiError("The fake whisper server failed.", "server_error"));
      const form = await new Response(new Uint8Array(raw), {
        headers: { "content-type": request.headers["content-type"] ?? "" },
      })
        .formData()
        .catch(() => null);
      const file = form?.get("file");
      if (!form || !(file instanceof Blob)) {
        return json(response, 400, openAiError("Send the audio as multipart 'file'.", "invalid_value"));
      }
      transcriptions.push({
        model: String(form.get("model") ?? ""),
        responseFormat: String(form.get("response_format") ?? "json"),
        filename: file instanceof File ? file.name : "",
        type: file.type,
        bytes: Buffer.from(await file.arrayBuffer()),
      });
      return json(response, 200, { text: state.transcript });
    }
    return json(response, 404, openAiError("Not found", "not_found"));
  }

  function failing(): boolean {
    if (state.failNext <= 0) return false;
    state.failNext -= 1;
    return true;
  }

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}/v1`,
    port: actualPort,
    options: state,
    speechRequests,
    transcriptions,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function openAiError(message: string, code: string) {
  return { error: { message, type: "invalid_request_error", param: null, code } };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeOpenAiSpeech(
    { chunkDelayMs: Number(cliOption("chunk-delay-ms") ?? DEFAULTS.chunkDelayMs) },
    Number(cliOption("port") ?? 0),
  );
  console.log(fake.port);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
