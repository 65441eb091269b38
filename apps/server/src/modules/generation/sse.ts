import type { OutgoingHttpHeaders } from "node:http";
import type { FastifyReply } from "fastify";

/**
 * A server-sent event stream on a hijacked reply. Headers set by plugins (security headers, CORS) are
 * kept by spreading `reply.getHeaders()` into writeHead. Each event is one write, flushed at once.
 */
export type SseStream = {
  /** One token: the only per-token work is this string and the socket write. */
  token(text: string): void;
  event(name: string, data: unknown): void;
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
      if (open()) write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
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
