import {
  type ConversationDetail,
  type GenerateDoneEvent,
  type GenerateStartEvent,
  generateEventSchema,
} from "@hearth/contracts";
import { expect } from "vitest";
import { call, startServer, type TestServer } from "../harness";
import { type FakeOpenAi, startFakeOpenAi } from "./fake-openai";

/** `id`: the event's number in its reply (REPLY_STREAM); absent on streams without numbers. */
export type SseEvent = { event: string; data: unknown; id?: number };

export type GenerateResult = {
  status: number;
  headers: Headers;
  /** Parsed JSON body when the answer was not a stream (a 4xx before streaming). */
  body: unknown;
  events: SseEvent[];
  tokens: string[];
  start: GenerateStartEvent | null;
  done: GenerateDoneEvent | null;
  error: { code: string; message: string } | null;
};

/**
 * Splits an SSE text into events, checking the framing: an `id:` line (the event's number), then `event:`
 * and `data:` lines, blank-line separated.
 */
export function parseSse(text: string): SseEvent[] {
  const blocks = text.split("\n\n");
  expect(blocks.pop()).toBe("");
  // Heartbeat comments (": keep-alive") carry no event.
  return blocks
    .filter((block) => !block.startsWith(":"))
    .map((block) => {
      const lines = block.split("\n");
      const id = lines[0]?.startsWith("id: ") ? Number(lines.shift()?.slice(4)) : undefined;
      expect(lines).toHaveLength(2);
      const [eventLine = "", dataLine = ""] = lines;
      expect(eventLine.startsWith("event: ")).toBe(true);
      expect(dataLine.startsWith("data: ")).toBe(true);
      return { event: eventLine.slice(7), data: JSON.parse(dataLine.slice(6)), ...(id ? { id } : {}) };
    });
}

/**
 * POST /api/generate, or with `resume` the rest of a reply (`GET /api/generate/{stream_id}` with
 * Last-Event-ID). With `abortAfterTokens`, the client stops the reply after receiving that many tokens
 * (as the web app's Stop: DELETE, then disconnect); with `disconnectAfterTokens` it only disconnects (a
 * lost connection); with `onStart`, a callback runs once the start event arrived (while the reply still
 * streams).
 */
export async function generate(
  server: TestServer,
  token: string,
  body: Record<string, unknown>,
  options: {
    abortAfterTokens?: number;
    disconnectAfterTokens?: number;
    onStart?: () => Promise<void>;
    resume?: { streamId: string; lastEventId: number };
  } = {},
): Promise<GenerateResult> {
  const controller = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (options.resume) headers["last-event-id"] = String(options.resume.lastEventId);
  else headers["content-type"] = "application/json";
  const response = await fetch(
    `${server.url}/api/generate${options.resume ? `/${options.resume.streamId}` : ""}`,
    options.resume
      ? { headers, signal: controller.signal }
      : {
          method: "POST",
          headers,
          body: JSON.stringify({ type: "text", ...body }),
          signal: controller.signal,
        },
  );
  const result: GenerateResult = {
    status: response.status,
    headers: response.headers,
    body: null,
    events: [],
    tokens: [],
    start: null,
    done: null,
    error: null,
  };
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) {
    result.body = await response.json();
    return result;
  }
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no body");
  const decoder = new TextDecoder();
  let buffer = "";
  let startHandled = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const end = buffer.lastIndexOf("\n\n");
      if (end < 0) continue;
      const complete = buffer.slice(0, end + 2);
      buffer = buffer.slice(end + 2);
      for (const event of parseSse(complete)) {
        result.events.push(event);
        // Every event the server writes is one of the contract's union.
        const typed = generateEventSchema.parse(event);
        if (typed.event === "token") result.tokens.push(typed.data.text);
        if (typed.event === "start") result.start = typed.data;
        if (typed.event === "done") result.done = typed.data;
        if (typed.event === "error") result.error = typed.data.error;
      }
      if (!startHandled && result.start && options.onStart) {
        startHandled = true;
        await options.onStart();
      }
      if (options.abortAfterTokens !== undefined && result.tokens.length >= options.abortAfterTokens) {
        const stopped = await call(server, `/api/generate/${result.start?.stream_id}`, {
          method: "DELETE",
          token,
        });
        expect(stopped.status).toBe(200);
        controller.abort();
        break;
      }
      if (
        options.disconnectAfterTokens !== undefined &&
        result.tokens.length >= options.disconnectAfterTokens
      ) {
        controller.abort();
        break;
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  expect(buffer).toBe("");
  return result;
}

export async function getConversation(
  server: TestServer,
  token: string,
  id: string,
): Promise<ConversationDetail> {
  const response = await call<ConversationDetail>(server, `/api/conversations/${id}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** Polls until `check` passes (the server saves a cut reply shortly after the client left). */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The test server talking to a fake OpenAI-compatible model, with sign-up and generation limits out of the way. */
export async function startChatServer(
  env: Record<string, string> = {},
): Promise<{ fake: FakeOpenAi; server: TestServer }> {
  const fake = await startFakeOpenAi();
  const server = await startServer({
    LLM_BASE_URL: fake.url,
    MODEL_REF: "none",
    AUTH_RATE_LIMIT_MAX: "1000",
    GENERATE_RATE_LIMIT_MAX: "1000",
    ...env,
  });
  return { fake, server };
}
