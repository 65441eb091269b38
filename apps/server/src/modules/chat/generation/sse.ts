import type { OutgoingHttpHeaders } from "node:http";
import {
  generateDoneEventSchema,
  generateErrorEventSchema,
  generateStartEventSchema,
} from "@hearth/contracts";
import type { FastifyReply } from "fastify";
import { type ZodType, z } from "zod";

/**
 * The stream's events besides `token`, each encoded through its contract schema like a route's JSON
 * answer (http/response-schemas.ts): keys the contract does not name are dropped, a wrong value throws.
 */
const EVENT_SCHEMAS = {
  start: generateStartEventSchema,
  done: generateDoneEventSchema,
  error: generateErrorEventSchema,
} as const;
export type SseEventName = keyof typeof EVENT_SCHEMAS;
export type SseEventData<N extends SseEventName> = z.output<(typeof EVENT_SCHEMAS)[N]>;

/**
 * A server-sent event stream on a hijacked reply. Headers set by plugins (security headers, CORS) are
 * kept by spreading `reply.getHeaders()` into writeHead. Each event is one write, flushed at once.
 */
export type SseStream = {
  /** One token: the only per-token work is this string and the socket write. */
  token(text: string): void;
  event<N extends SseEventName>(name: N, data: SseEventData<N>): void;
  end(): void;
  readonly closed: boolean;
};

/**
 * A comment line this often while the model is silent (queued, loading, thinking), so proxies with a read
 * timeout (often 60 s) do not cut the stream; clients skip comments.
 */
export const SSE_HEARTBEAT_MS = 15_000;

export function openSse(reply: FastifyReply, heartbeatMs = SSE_HEARTBEAT_MS): SseStream {
  reply.hijack();
  const raw = reply.raw;
  const pluginHeaders: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) pluginHeaders[name] = typeof value === "number" ? String(value) : value;
  }
  raw.writeHead(200, {
    ...pluginHeaders,
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  raw.socket?.setNoDelay(true);
  const open = () => !raw.destroyed && !raw.writableEnded;
  let lastWrite = Date.now();
  const write = (chunk: string) => {
    lastWrite = Date.now();
    raw.write(chunk);
  };
  const heartbeat = setInterval(() => {
    if (open() && Date.now() - lastWrite >= heartbeatMs) write(": keep-alive\n\n");
  }, heartbeatMs);
  heartbeat.unref();
  raw.once("close", () => clearInterval(heartbeat));
  return {
    token(text) {
      if (open()) write(`event: token\ndata: {"text":${JSON.stringify(text)}}\n\n`);
    },
    event(name, data) {
      const schema: ZodType = EVENT_SCHEMAS[name];
      const encoded = z.encode(schema, data);
      if (open()) write(`event: ${name}\ndata: ${JSON.stringify(encoded)}\n\n`);
    },
    end() {
      clearInterval(heartbeat);
      if (open()) raw.end();
    },
    get closed() {
      return !open();
    },
  };
}
