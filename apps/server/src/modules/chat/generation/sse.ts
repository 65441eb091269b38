import type { OutgoingHttpHeaders } from "node:http";
import { type GenerateEvent, generateEventSchema } from "@hearth/contracts";
import type { FastifyReply } from "fastify";
import { encodeResponse } from "../../../http/response-encoding";
import type { ReplyStreamWriter } from "./reply-streams";

/**
 * A server-sent event stream on a hijacked reply, written only as the contracts' `GenerateEvent` union.
 * Headers set by plugins (security headers, CORS) are kept by spreading `reply.getHeaders()` into
 * writeHead. Events are flushed at the end of the event-loop turn that wrote them.
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
  // Events written in one turn of the event loop (the tokens of one upstream read) leave in one write of one
  // string: kept here until the turn's synchronous and promise work is done, so the socket sees one chunk
  // (one system call, one chunked-encoding frame) however many events there were.
  let pending = "";
  const flush = () => {
    if (pending === "") return;
    const chunk = pending;
    pending = "";
    if (open()) raw.write(chunk);
  };
  const write = (chunk: string) => {
    if (pending === "") {
      lastWrite = Date.now();
      process.nextTick(flush);
    }
    pending += chunk;
  };
  const heartbeat = setInterval(() => {
    if (open() && Date.now() - lastWrite >= heartbeatMs) write(": keep-alive\n\n");
  }, heartbeatMs);
  heartbeat.unref();
  raw.once("close", () => clearInterval(heartbeat));
  const sendFrame = (seq: number, frame: string) => {
    if (open()) write(`id: ${seq}\n${frame}`);
  };
  return {
    send(event) {
      const frame = sseFrame(event);
      if (writer) sendFrame(writer.append(frame), frame);
      else if (open()) write(frame);
    },
    sendFrame,
    end() {
      clearInterval(heartbeat);
      writer?.end();
      // The last events and the end of the response in one write.
      const chunk = pending;
      pending = "";
      if (open()) raw.end(chunk);
    },
    get closed() {
      return !open();
    },
  };
}
