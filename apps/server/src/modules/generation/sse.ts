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

export function openSse(reply: FastifyReply): SseStream {
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
  return {
    token(text) {
      if (open()) raw.write(`event: token\ndata: {"text":${JSON.stringify(text)}}\n\n`);
    },
    event(name, data) {
      if (open()) raw.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (open()) raw.end();
    },
    get closed() {
      return !open();
    },
  };
}
