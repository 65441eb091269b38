import {
  type ErrorCode,
  type GenerateDoneEvent,
  type GenerateRequest,
  type GenerateStartEvent,
  parseGenerateEvent,
  type ReplyStreamStop,
  replyStreamStopSchema,
} from "@hearth/contracts";
import { ApiError, apiFetch, apiFetchStream } from "../../../lib/api-client";
import { createSseParser, type SseEvent } from "../lib/sse-parser";

export type GenerateHandlers = {
  onStart?: (event: GenerateStartEvent) => void;
  onToken: (text: string) => void;
};

/**
 * `POST /api/generate` read as a server-sent event stream: calls `onStart` and `onToken` as events
 * arrive and resolves with the `done` event. An `error` event, a refused request or a stream that ends
 * early reject with an `ApiError`; aborting the signal rejects with the AbortError (to be ignored).
 */
export async function generate(
  body: GenerateRequest,
  handlers: GenerateHandlers,
  signal: AbortSignal,
): Promise<GenerateDoneEvent> {
  const response = await apiFetchStream("/generate", { body, signal });
  const reader = response.body?.getReader();
  if (!reader) throw new ApiError(0, "internal_error", "Uh oh, something went wrong");
  const decoder = new TextDecoder();
  const parser = createSseParser();
  let done: GenerateDoneEvent | null = null;

  // One contract union for the stream (the server writes exactly these); unknown event names are skipped.
  const handle = (received: SseEvent): void => {
    const event = parseGenerateEvent(received.event, received.data);
    if (!event) return;
    switch (event.event) {
      case "start":
        handlers.onStart?.(event.data);
        return;
      case "token":
        handlers.onToken(event.data.text);
        return;
      case "done":
        done = event.data;
        return;
      case "error":
        throw new ApiError(response.status, event.data.error.code, event.data.error.message);
    }
  };

  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      for (const event of parser.push(decoder.decode(chunk.value, { stream: true }))) handle(event);
    }
    for (const event of parser.end()) handle(event);
  } catch (error) {
    if (signal.aborted) throw new DOMException("The generation was stopped", "AbortError");
    if (error instanceof ApiError) throw error;
    if (error instanceof TypeError) throw new ApiError(0, "network_error", "It looks like you're offline...");
    throw new ApiError(0, "internal_error", "Uh oh, something went wrong");
  } finally {
    reader.releaseLock();
  }
  if (!done) throw new ApiError(0, "generation_failed" satisfies ErrorCode, "The reply was interrupted.");
  return done;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/** `DELETE /api/generate/{stream_id}` (REPLY_STREAM): Stop ends the model's reply wherever it runs. */
export function stopReply(streamId: string): Promise<ReplyStreamStop> {
  return apiFetch(`/generate/${streamId}`, { method: "DELETE", schema: replyStreamStopSchema });
}
