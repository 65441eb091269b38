import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import { type GenerateEvent, generateEventSchema } from "@hearth/contracts";
import type { FastifyReply } from "fastify";
import { encodeResponse } from "../../../http/response-encoding";
import type { ReplyStreamWriter } from "./reply-streams";

/**
 * A server-sent event stream on a hijacked reply, written only as the contracts' `GenerateEvent` union.
 * Headers set by plugins (security headers, CORS) are kept by spreading `reply.getHeaders()` into
 * writeHead. Events are flushed once the event-loop turn that wrote them has run its I/O callbacks.
 */
export type SseStream = {
  send(event: GenerateEvent): void;
  /** An event already framed (a resumed reply's), with its number as the SSE `id`. */
  sendFrame(seq: number, frame: string): void;
  end(): void;
  readonly closed: boolean;
};

/**
 * One event as its SSE frame (`event: NAME` + `data: JSON` + a blank line). A token, the only event sent
 * per piece of the reply, is written straight (its data is one string); every other event is encoded
 * through the union's schema like a route's JSON answer (http/response-encoding.ts): keys the contract
 * does not name are dropped, and a wrong value throws.
 */
export function sseFrame(event: GenerateEvent): string {
  switch (event.event) {
    case "token":
      return `event: token\ndata: {"text":${JSON.stringify(event.data.text)}}\n\n`;
    case "start":
    case "image_progress":
    case "done":
    case "error": {
      const encoded = encodeResponse(generateEventSchema, event);
      return `event: ${encoded.event}\ndata: ${JSON.stringify(encoded.data)}\n\n`;
    }
    default:
      return unknownEvent(event);
  }
}

function unknownEvent(event: never): never {
  throw new Error(`Unknown stream event ${JSON.stringify(event)}`);
}

/**
 * A comment line this often while the model is silent (queued, loading, thinking), so proxies with a read
 * timeout (often 60 s) do not cut the stream; clients skip comments.
 */
export const SSE_HEARTBEAT_MS = 15_000;

/**
 * Opens the stream. With `writer`, every event sent is also kept there (REPLY_STREAM: resumable from any
 * instance) and carries its number as its SSE `id`; ending the stream ends the writer's.
 */
export function openSse(
  reply: FastifyReply,
  heartbeatMs = SSE_HEARTBEAT_MS,
  writer: ReplyStreamWriter | null = null,
): SseStream {
  reply.hijack();
  const raw = reply.raw;
  const headers: OutgoingHttpHeaders = {};
  const pluginHeaders = reply.getHeaders();
  for (const name in pluginHeaders) {
    const value = pluginHeaders[name];
    if (value !== undefined) headers[name] = typeof value === "number" ? String(value) : value;
  }
  headers["content-type"] = "text/event-stream; charset=utf-8";
  headers["cache-control"] = "no-cache, no-transform";
  headers.connection = "keep-alive";
  headers["x-accel-buffering"] = "no";
  raw.writeHead(200, headers);
  raw.socket?.setNoDelay(true);
  return new EventStream(raw, heartbeatMs, writer);
}

/** One stream's state; a class, so opening one per request allocates one object, not a set of closures. */
class EventStream implements SseStream {
  /**
   * Events written in one turn of the event loop leave in one write of one string: kept here until the
   * turn's I/O callbacks are done (setImmediate), so the socket sees one chunk (one system call, one
   * chunked-encoding frame) however many events there were. A reply's start event, sent once the user's
   * turn is saved, goes out with the tokens that had come meanwhile (0.2 fewer writes a reply than with a
   * flush after each callback, measured with strace in the saturating bench).
   */
  private pending = "";
  private headersWritten = false;
  private lastWrite = Date.now();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly raw: ServerResponse,
    private readonly heartbeatMs: number,
    private readonly writer: ReplyStreamWriter | null,
  ) {
    this.heartbeat = setInterval(beat, heartbeatMs, this);
    this.heartbeat.unref();
    raw.once("close", () => clearInterval(this.heartbeat));
  }

  get closed(): boolean {
    return this.raw.destroyed || this.raw.writableEnded;
  }

  send(event: GenerateEvent): void {
    const frame = sseFrame(event);
    if (this.writer) this.sendFrame(this.writer.append(frame), frame);
    else if (!this.closed) this.write(frame);
  }

  sendFrame(seq: number, frame: string): void {
    if (!this.closed) this.write(`id: ${seq}\n${frame}`);
  }

  end(): void {
    clearInterval(this.heartbeat);
    this.writer?.end();
    // The last events and the end of the response in one write.
    const chunk = this.pending;
    this.pending = "";
    if (!this.closed) this.raw.end(chunk);
  }

  write(chunk: string): void {
    if (this.pending === "") {
      this.lastWrite = Date.now();
      setImmediate(flush, this);
    }
    this.pending += chunk;
  }

  flush(): void {
    if (this.pending === "") return;
    const chunk = this.pending;
    this.pending = "";
    if (this.closed) return;
    const socket = this.raw.socket;
    if (!this.headersWritten || socket === null) {
      // The first write carries the response's head.
      this.headersWritten = true;
      this.raw.write(chunk);
      return;
    }
    // Later chunks go straight to the socket in one write of one string, framed as the response would frame
    // them (a chunk of HTTP/1.1, the bare text for 1.0). The response's own write corks the socket, queues
    // the length, the text and the line end as four buffers and uncorks on the next tick: with tokens coming
    // one at a time it costs about 1.5x the CPU a token (scripts/bench/sse-write.ts). The socket keeps the
    // order of writes, so the head before and the response's end after stay in place.
    socket.write(
      this.raw.chunkedEncoding ? `${Buffer.byteLength(chunk).toString(16)}\r\n${chunk}\r\n` : chunk,
    );
  }

  beat(): void {
    if (!this.closed && Date.now() - this.lastWrite >= this.heartbeatMs) this.write(": keep-alive\n\n");
  }
}

const flush = (stream: EventStream) => stream.flush();
const beat = (stream: EventStream) => stream.beat();
