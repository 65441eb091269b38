import {
  type ErrorCode,
  type GenerateDoneEvent,
  type GenerateRequest,
  type GenerateStartEvent,
  type ImageProgressEvent,
  parseGenerateEvent,
  REPLY_STREAM,
  type ReplyStreamStop,
  replyStreamStopSchema,
} from "@hearth/contracts";
import { ApiError, apiFetch, apiFetchStream } from "../../../lib/api-client";
import { createSseParser, type SseEvent } from "../lib/sse-parser";

export type GenerateHandlers = {
  onStart?: (event: GenerateStartEvent) => void;
  onToken: (text: string) => void;
  /** type "image": progress while the image is made. */
  onImageProgress?: (progress: ImageProgressEvent) => void;
};

/**
 * The waits before each try to resume a reply whose connection was lost (`GET /api/generate/{stream_id}`),
 * counted again once a try brings new events. They end well within REPLY_STREAM.resumeGraceMs, after
 * which the server stops a reply nobody resumed.
 */
export const RESUME_DELAYS_MS: readonly number[] = [250, 500, 1000, 2000, 3000];
/** No try starts later than this after the connection was lost: the server must still be waiting. */
const RESUME_DEADLINE_MS = REPLY_STREAM.resumeGraceMs - 1500;
/** A try that has no answer by then is given up (and the next one made, while time is left). */
const RESUME_CONNECT_TIMEOUT_MS = 2500;

/**
 * The reply's connection was lost and could not be resumed (the stream is unknown or expired, or the
 * tries ran out). The server keeps what was written: read the conversation again to show it.
 */
export class ReplyLostError extends ApiError {
  constructor(readonly streamId: string) {
    super(0, "network_error", "It looks like you're offline...");
  }
}

/** What the reply's stream has brought so far, across its connections. */
type Progress = { streamId: string | null; lastEventId: number; done: GenerateDoneEvent | null };

/**
 * `POST /api/generate` read as a server-sent event stream: calls `onStart` and `onToken` as events
 * arrive and resolves with the `done` event. A connection that ends before `done` or `error` is resumed
 * from its last event id (REPLY_STREAM), a few times with short waits; each event reaches the handlers
 * once. An `error` event, a refused request or a stream that could not be finished reject with an
 * `ApiError` (a `ReplyLostError` once the reply had started); aborting the signal rejects with the
 * AbortError (to be ignored).
 */
export async function generate(
  body: GenerateRequest,
  handlers: GenerateHandlers,
  signal: AbortSignal,
): Promise<GenerateDoneEvent> {
  const progress: Progress = { streamId: null, lastEventId: 0, done: null };
  let response = await apiFetchStream("/generate", { body, signal });
  const retry = { tries: 0, lostAt: 0 };
  for (;;) {
    const before = progress.lastEventId;
    const lost = await readStream(response, handlers, progress, signal);
    if (progress.done) return progress.done;
    // Lost before the stream was named: nothing to resume.
    if (progress.streamId === null || lost === null) throw lost ?? interrupted();
    if (progress.lastEventId > before || retry.tries === 0) {
      retry.tries = 0;
      retry.lostAt = Date.now();
    }
    response = await resume(progress.streamId, progress.lastEventId, retry, signal);
  }
}

/** The rest of the stream after `lastEventId`, from any instance; throws `ReplyLostError` when it gives up. */
async function resume(
  streamId: string,
  lastEventId: number,
  retry: { tries: number; lostAt: number },
  signal: AbortSignal,
): Promise<Response> {
  while (retry.tries < RESUME_DELAYS_MS.length) {
    const delay = RESUME_DELAYS_MS[retry.tries] ?? 0;
    retry.tries += 1;
    if (Date.now() + delay - retry.lostAt > RESUME_DEADLINE_MS) break;
    await pause(delay, signal);
    try {
      return await reconnect(streamId, lastEventId, signal);
    } catch (error) {
      if (signal.aborted) throw stoppedError();
      // Unknown or expired (404), or not the caller's: nothing more to read. The network, a restarting
      // instance (5xx) or a rate limit: try again.
      if (!(error instanceof ApiError) || !worthRetrying(error)) break;
    }
  }
  throw new ReplyLostError(streamId);
}

/**
 * One try: `GET /api/generate/{stream_id}` with `Last-Event-ID`. A try that gets no answer within
 * RESUME_CONNECT_TIMEOUT_MS counts as failed (a network that is down may take far longer to say so);
 * aborting `signal` also ends the stream read from it.
 */
async function reconnect(streamId: string, lastEventId: number, signal: AbortSignal): Promise<Response> {
  const attempt = new AbortController();
  signal.addEventListener("abort", () => attempt.abort(), { once: true });
  const timer = setTimeout(() => attempt.abort(), RESUME_CONNECT_TIMEOUT_MS);
  try {
    return await apiFetchStream(`/generate/${encodeURIComponent(streamId)}`, {
      method: "GET",
      headers: { "Last-Event-ID": String(lastEventId) },
      signal: attempt.signal,
    });
  } catch (error) {
    if (!signal.aborted && attempt.signal.aborted) {
      throw new ApiError(0, "network_error", "It looks like you're offline...");
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function worthRetrying(error: ApiError): boolean {
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/**
 * Reads one connection of the stream into `progress`, calling the handlers for events not seen before.
 * Answers null once `done` came, or how the connection ended without it (an `error` event is thrown);
 * a last event cut midway is left out, to be sent again by a resume.
 */
async function readStream(
  response: Response,
  handlers: GenerateHandlers,
  progress: Progress,
  signal: AbortSignal,
): Promise<ApiError | null> {
  const reader = response.body?.getReader();
  if (!reader) throw new ApiError(0, "internal_error", "Uh oh, something went wrong");
  const decoder = new TextDecoder();
  const parser = createSseParser();

  // One contract union for the stream (the server writes exactly these); unknown event names are skipped.
  const handle = (received: SseEvent): void => {
    if (received.id !== undefined) {
      const id = Number(received.id);
      if (Number.isSafeInteger(id) && id > 0) {
        // Never sent twice by the server (a resume starts after Last-Event-ID); skipped all the same.
        if (id <= progress.lastEventId) return;
        progress.lastEventId = id;
      }
    }
    const event = parseGenerateEvent(received.event, received.data);
    if (!event) return;
    switch (event.event) {
      case "start":
        progress.streamId = event.data.stream_id;
        handlers.onStart?.(event.data);
        return;
      case "token":
        handlers.onToken(event.data.text);
        return;
      case "image_progress":
        handlers.onImageProgress?.(event.data);
        return;
      case "done":
        progress.done = event.data;
        return;
      case "error":
        throw new ApiError(response.status, event.data.error.code, event.data.error.message);
    }
  };

  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (signal.aborted) throw stoppedError();
        // The connection was lost (fetch reports it as a TypeError).
        if (error instanceof TypeError) {
          return progress.done ? null : new ApiError(0, "network_error", "It looks like you're offline...");
        }
        throw error;
      }
      if (chunk.done) break;
      for (const event of parser.push(decoder.decode(chunk.value, { stream: true }))) handle(event);
    }
    // A stream that cannot be resumed takes a last event the server ended without its blank line.
    if (progress.streamId === null) for (const event of parser.end()) handle(event);
  } catch (error) {
    if (signal.aborted || isAbortError(error)) throw stoppedError();
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, "internal_error", "Uh oh, something went wrong");
  } finally {
    reader.releaseLock();
  }
  return progress.done ? null : interrupted();
}

function interrupted(): ApiError {
  return new ApiError(0, "generation_failed" satisfies ErrorCode, "The reply was interrupted.");
}

function stoppedError(): DOMException {
  return new DOMException("The generation was stopped", "AbortError");
}

/** Waits `ms`, or rejects with the AbortError as soon as the signal aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(stoppedError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(stoppedError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/** `DELETE /api/generate/{stream_id}` (REPLY_STREAM): Stop ends the model's reply wherever it runs. */
export function stopReply(streamId: string): Promise<ReplyStreamStop> {
  return apiFetch(`/generate/${streamId}`, { method: "DELETE", schema: replyStreamStopSchema });
}
