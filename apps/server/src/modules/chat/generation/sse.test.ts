import { EventEmitter } from "node:events";
import { connect, type Socket } from "node:net";
import { type GenerateEvent, generateEventSchema, type Message, parseGenerateEvent } from "@hearth/contracts";
import Fastify, { type FastifyReply } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { openSse, sseFrame } from "./sse";

/**
 * Just enough of a hijacked reply to record what the stream writes, through the response or straight to
 * its socket (without chunked framing, as for an HTTP/1.0 client). The bytes on a real connection are
 * checked in "on a real connection" below.
 */
function fakeReply() {
  const raw = Object.assign(new EventEmitter(), {
    written: [] as string[],
    destroyed: false,
    writableEnded: false,
    chunkedEncoding: false,
    writeHead: vi.fn(),
    write(chunk: string) {
      raw.written.push(chunk);
      return true;
    },
    socket: {
      setNoDelay: vi.fn(),
      write(chunk: string) {
        raw.written.push(chunk);
        return true;
      },
    },
    end(chunk?: string) {
      if (chunk) raw.written.push(chunk);
      raw.writableEnded = true;
      raw.emit("close");
    },
  });
  const reply = { raw, hijack: vi.fn(), getHeaders: () => ({}) } as unknown as FastifyReply;
  return { reply, raw };
}

const turnDone = () => new Promise((resolve) => setImmediate(resolve));

describe("server-sent events", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes the events of one event-loop turn as one chunk, and the last ones with the end", async () => {
    const { reply, raw } = fakeReply();
    const sse = openSse(reply, 1000);
    sse.send({ event: "token", data: { text: "a" } });
    await Promise.resolve();
    sse.send({ event: "token", data: { text: "b" } });
    expect(raw.written).toEqual([]);
    await turnDone();
    expect(raw.written).toEqual(['event: token\ndata: {"text":"a"}\n\nevent: token\ndata: {"text":"b"}\n\n']);
    sse.send({ event: "token", data: { text: "c" } });
    sse.end();
    expect(raw.written).toEqual([
      'event: token\ndata: {"text":"a"}\n\nevent: token\ndata: {"text":"b"}\n\n',
      'event: token\ndata: {"text":"c"}\n\n',
    ]);
    expect(raw.writableEnded).toBe(true);
    await turnDone();
    expect(raw.written).toHaveLength(2);
  });

  it("sends a comment while the model is silent, and nothing once tokens flow or the stream ends", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const { reply, raw } = fakeReply();
    const sse = openSse(reply, 1000);
    vi.advanceTimersByTime(1000);
    await turnDone();
    expect(raw.written).toEqual([": keep-alive\n\n"]);
    vi.advanceTimersByTime(500);
    sse.send({ event: "token", data: { text: "Hi" } });
    vi.advanceTimersByTime(1000);
    await turnDone();
    expect(raw.written).toHaveLength(2);
    sse.end();
    vi.advanceTimersByTime(5000);
    await turnDone();
    expect(raw.written).toHaveLength(2);
  });

  it("sends an event's data through its contract schema: a field the contract does not name is dropped", () => {
    const { reply, raw } = fakeReply();
    const sse = openSse(reply, 1000);
    const done = {
      conversation_id: "c1",
      message: null,
      suggestion: "Hi",
      oldest_included_message_id: null,
      prompt: "the system prompt",
    };
    sse.send({ event: "done", data: done });
    sse.end();
    expect(raw.written).toEqual([
      'event: done\ndata: {"conversation_id":"c1","message":null,"suggestion":"Hi","oldest_included_message_id":null}\n\n',
    ]);
    expect(() => sse.send({ event: "start", data: { conversation_id: 1 } } as never)).toThrow();
  });
});

/** The events of a stream written by `sseFrame`, read back the way a client reads them. */
function readFrames(text: string): GenerateEvent[] {
  return text
    .split("\n\n")
    .filter(Boolean)
    .map((frame) => {
      // SSE lines end at \n or \r only (U+2028 inside the JSON is not a line end).
      const lines = frame.split("\n");
      const field = (name: string) =>
        lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
      const name = field("event") ?? "";
      const data = field("data") ?? "";
      const event = parseGenerateEvent(name, data);
      if (!event) throw new Error(`unknown event ${name}`);
      return event;
    });
}

describe("sseFrame", () => {
  const message: Message = {
    id: "m1",
    conversation_id: "c1",
    role: "bot",
    content: "Hello",
    status: "complete",
    createdAt: "2026-01-01T00:00:00.000Z",
    alternates: [],
    alternate_index: 0,
    rating: null,
    rating_label: null,
    image_url: null,
    image_prompt: null,
    persona_name: null,
  };

  it("writes each kind of the union as one frame that reads back as the same event", () => {
    const events: GenerateEvent[] = [
      { event: "start", data: { stream_id: "s1", conversation_id: "c1", user_message: null } },
      { event: "token", data: { text: 'line\nbreak "quoted" \u2028 😀' } },
      {
        event: "done",
        data: { conversation_id: "c1", message, suggestion: null, oldest_included_message_id: "m0" },
      },
      { event: "error", data: { error: { code: "generation_failed", message: "Uh oh" } } },
    ];
    const written = events.map(sseFrame);
    for (const frame of written) expect(frame).toMatch(/^event: \w+\ndata: [^\n]*\n\n$/);
    expect(readFrames(written.join(""))).toEqual(events);
  });

  it("writes a token without the schema and with the same bytes as the encoded event", () => {
    const event: GenerateEvent = { event: "token", data: { text: "a</script>\u0000b" } };
    expect(sseFrame(event)).toBe(
      `event: token\ndata: ${JSON.stringify(z.encode(generateEventSchema, event).data)}\n\n`,
    );
  });

  it("refuses an event whose data breaks the contract", () => {
    const wrong = {
      event: "done",
      data: { conversation_id: "c1", message: null },
    } as unknown as GenerateEvent;
    expect(() => sseFrame(wrong)).toThrow();
  });
});

describe("on a real connection", () => {
  const tokens = ["Hello", " wörld 😀", " again"];
  const frames = tokens.map((text) => sseFrame({ event: "token", data: { text } })).join("");

  /** A server whose stream sends each token in its own event-loop turn, then ends. */
  async function streamingServer() {
    const app = Fastify();
    app.get("/stream", (_request, reply) => {
      const sse = openSse(reply, 60_000);
      let index = 0;
      const next = () => {
        const text = tokens[index++];
        if (text === undefined) return sse.end();
        sse.send({ event: "token", data: { text } });
        setTimeout(next, 5);
      };
      next();
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    return { app, port: address.port };
  }

  /** The bytes read from `socket` until `done` says the response is whole. */
  function readUntil(socket: Socket, done: (bytes: Buffer) => boolean): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      let bytes = Buffer.alloc(0);
      const onData = (chunk: Buffer) => {
        bytes = Buffer.concat([bytes, chunk]);
        if (done(bytes)) finish();
      };
      const finish = () => {
        socket.off("data", onData);
        socket.off("end", finish);
        resolve(bytes);
      };
      socket.on("data", onData);
      socket.on("end", finish);
      socket.once("error", reject);
    });
  }

  /** A chunked body's text, checking that every chunk's size line gives its UTF-8 length. */
  function unchunk(body: Buffer): string {
    const parts: Buffer[] = [];
    let at = 0;
    while (true) {
      const lineEnd = body.indexOf("\r\n", at);
      const size = Number.parseInt(body.toString("latin1", at, lineEnd), 16);
      if (size === 0) return Buffer.concat(parts).toString("utf8");
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      expect(body.toString("latin1", lineEnd + 2 + size, lineEnd + 4 + size)).toBe("\r\n");
      at = lineEnd + 4 + size;
    }
  }

  const headEnd = (bytes: Buffer) => bytes.indexOf("\r\n\r\n") + 4;

  it("frames every write as an HTTP/1.1 chunk of its UTF-8 length, and the connection serves the next request", async () => {
    const { app, port } = await streamingServer();
    const socket = connect(port, "127.0.0.1");
    try {
      const request = "GET /stream HTTP/1.1\r\nhost: localhost\r\n\r\n";
      socket.write(request);
      const first = await readUntil(socket, (bytes) => bytes.includes("\r\n0\r\n\r\n"));
      expect(first.toString("latin1", 0, headEnd(first))).toMatch(/transfer-encoding: chunked/i);
      expect(unchunk(first.subarray(headEnd(first)))).toBe(frames);
      // Kept alive: the same connection answers a second stream.
      socket.write(request);
      const second = await readUntil(socket, (bytes) => bytes.includes("\r\n0\r\n\r\n"));
      expect(unchunk(second.subarray(headEnd(second)))).toBe(frames);
    } finally {
      socket.destroy();
      await app.close();
    }
  });

  it("writes the events unframed to an HTTP/1.0 client and closes the connection at the end", async () => {
    const { app, port } = await streamingServer();
    const socket = connect(port, "127.0.0.1");
    try {
      socket.write("GET /stream HTTP/1.0\r\nhost: localhost\r\n\r\n");
      const response = await readUntil(socket, () => false);
      expect(response.toString("latin1", 0, headEnd(response))).not.toMatch(/transfer-encoding/i);
      expect(response.subarray(headEnd(response)).toString("utf8")).toBe(frames);
    } finally {
      socket.destroy();
      await app.close();
    }
  });
});
