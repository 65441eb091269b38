import {
  type ErrorCode,
  type GenerateDoneEvent,
  type GenerateRequest,
  type GenerateStartEvent,
  generateDoneEventSchema,
  generateErrorEventSchema,
  generateStartEventSchema,
  generateTokenEventSchema,
} from "@hearth/contracts";
import { ApiError, apiFetchStream } from "../../../lib/api-client";
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

  const handle = (event: SseEvent): void => {
    const data: unknown = JSON.parse(event.data);
    if (event.event === "start") handlers.onStart?.(generateStartEventSchema.parse(data));
    else if (event.event === "token") handlers.onToken(generateTokenEventSchema.parse(data).text);
    else if (event.event === "done") done = generateDoneEventSchema.parse(data);
    else if (event.event === "error") {
      const { code, message } = generateErrorEventSchema.parse(data).error;
      throw new ApiError(response.status, code, message);
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
