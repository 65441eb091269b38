import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { cliOption, json, readBody, readJson } from "./fake-http";

/**
 * A small OpenAI-compatible server for tests, e2e and the benchmark: GET /v1/models and
 * POST /v1/chat/completions with the real SSE protocol (role chunk, content chunks, finish chunk,
 * [DONE]), or one JSON completion when stream is false. The reply is deterministic: "You said: " and
 * the last user message, one word a token (capped by max_tokens), or `tokens` words when set.
 *
 * Modes: ok; refuse-401 / refuse-403 / refuse-429 / refuse-500 (an OpenAI error body before any token);
 * drop (two tokens, then the socket is cut); hang (headers, then nothing); error-event (two tokens, then
 * an error payload in the stream). `failures: n` applies the mode to the next n requests only.
 * Tests set options directly; separate processes use POST /__control with the same JSON fields, and
 * GET /__control answers the options, the request count and the last request body.
 */
export type FakeMode =
  | "ok"
  | "refuse-401"
  | "refuse-403"
  | "refuse-429"
  | "refuse-500"
  | "drop"
  | "hang"
  | "error-event";

export type FakeOptions = {
  mode: FakeMode;
  /** Delay before each token, in ms. */
  delayMs: number;
  /** Reply length in tokens (words of the echo, repeated); null: the echo once. */
  tokens: number | null;
  /** When set, the mode applies to this many more requests, then "ok". */
  failures: number | null;
  /** When set, requests must carry `Authorization: Bearer <apiKey>` (401 otherwise). */
  apiKey: string | null;
};

export type ChatRequestBody = {
  model?: string;
  messages?: { role: string; content: string }[];
  stream?: boolean;
  max_tokens?: number;
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop?: string[];
};

export type FakeOpenAi = {
  /** Base URL for LLM_BASE_URL, ending in /v1. */
  url: string;
  port: number;
  options: FakeOptions;
  /** Every chat request body, oldest first. */
  requests: ChatRequestBody[];
  /** Sockets currently streaming a reply. */
  openStreams(): number;
  close(): Promise<void>;
};

export const FAKE_MODEL = "fake-model";
const DEFAULTS: FakeOptions = { mode: "ok", delayMs: 0, tokens: null, failures: null, apiKey: null };

/** The reply tokens for a request: "You said: <last user message>" split in words. */
export function fakeReplyTokens(body: ChatRequestBody, tokens: number | null): string[] {
  const lastUser = [...(body.messages ?? [])].reverse().find((message) => message.role === "user");
  const echo = `You said: ${lastUser?.content.trim() || "nothing"}`;
  const words = echo.split(/\s+/).filter(Boolean);
  const count = tokens ?? words.length;
  const limit = Math.min(count, body.max_tokens ?? Number.POSITIVE_INFINITY);
  return Array.from({ length: Math.max(0, limit) }, (_, i) => (i === 0 ? "" : " ") + words[i % words.length]);
}

export async function startFakeOpenAi(options: Partial<FakeOptions> = {}, port = 0): Promise<FakeOpenAi> {
  const state: FakeOptions = { ...DEFAULTS, ...options };
  const requests: ChatRequestBody[] = [];
  const streaming = new Set<ServerResponse>();

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  server.keepAliveTimeout = 30_000;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = request.url ?? "/";
    if (url === "/__control") {
      if (request.method === "POST") Object.assign(state, await readJson(request));
      return json(response, 200, {
        ...state,
        requests: requests.length,
        lastRequest: requests.at(-1) ?? null,
      });
    }
    if (state.apiKey && request.headers.authorization !== `Bearer ${state.apiKey}`) {
      await readBody(request);
      return json(response, 401, openAiError("Incorrect API key provided.", "invalid_api_key"));
    }
    if (request.method === "GET" && url === "/v1/models") {
      return json(response, 200, {
        object: "list",
        data: [{ id: FAKE_MODEL, object: "model", owned_by: "hearth" }],
      });
    }
    if (request.method !== "POST" || url !== "/v1/chat/completions") {
      return json(response, 404, openAiError("Not found", "not_found"));
    }
    const body = (await readJson(request)) as ChatRequestBody;
    requests.push(body);
    const mode = currentMode();
    const refusal = /^refuse-(\d+)$/.exec(mode);
    if (refusal) {
      const status = Number(refusal[1]);
      return json(
        response,
        status,
        openAiError(`Refused with ${status} by the fake server.`, "fake_refusal"),
      );
    }
    const tokens = fakeReplyTokens(body, state.tokens);
    if (!body.stream) {
      return json(response, 200, {
        id: "chatcmpl-fake",
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: body.model ?? FAKE_MODEL,
        choices: [
          { index: 0, message: { role: "assistant", content: tokens.join("") }, finish_reason: "stop" },
        ],
      });
    }
    await streamReply(response, body, tokens, mode);
  }

  function currentMode(): FakeMode {
    if (state.failures === null) return state.mode;
    if (state.failures <= 0) return "ok";
    state.failures -= 1;
    return state.mode;
  }

  async function streamReply(
    response: ServerResponse,
    body: ChatRequestBody,
    tokens: string[],
    mode: FakeMode,
  ) {
    response.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    response.flushHeaders();
    if (mode === "hang") {
      streaming.add(response);
      response.on("close", () => streaming.delete(response));
      return;
    }
    streaming.add(response);
    let closed = false;
    response.on("close", () => {
      closed = true;
      streaming.delete(response);
    });
    const created = Math.floor(Date.now() / 1000);
    const model = body.model ?? FAKE_MODEL;
    const chunk = (delta: Record<string, string>, finish: string | null) =>
      `data: ${JSON.stringify({
        id: "chatcmpl-fake",
        object: "chat.completion.chunk",
        created,
        model,
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`;
    response.write(chunk({ role: "assistant", content: "" }, null));
    for (const [index, token] of tokens.entries()) {
      if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (closed) return;
      if (index === 2 && mode === "drop") {
        response.socket?.destroy();
        return;
      }
      if (index === 2 && mode === "error-event") {
        response.end(
          `data: ${JSON.stringify(openAiError("The fake model failed mid-stream.", "server_error"))}\n\n`,
        );
        return;
      }
      response.write(chunk({ content: token }, null));
    }
    const limited = body.max_tokens !== undefined && tokens.length >= body.max_tokens;
    response.write(chunk({}, limited ? "length" : "stop"));
    response.end("data: [DONE]\n\n");
  }

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}/v1`,
    port: actualPort,
    options: state,
    requests,
    openStreams: () => streaming.size,
    close: () =>
      new Promise((resolve) => {
        for (const response of streaming) response.socket?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function openAiError(message: string, code: string) {
  return { error: { message, type: "invalid_request_error", param: null, code } };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const tokens = cliOption("tokens");
  const fake = await startFakeOpenAi(
    {
      delayMs: Number(cliOption("delay-ms") ?? 0),
      tokens: tokens ? Number(tokens) : null,
      mode: (cliOption("mode") as FakeMode | undefined) ?? "ok",
    },
    Number(cliOption("port") ?? 0),
  );
  console.log(fake.port);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
