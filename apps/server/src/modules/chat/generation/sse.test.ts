import { EventEmitter } from "node:events";
import { type GenerateEvent, generateEventSchema, type Message, parseGenerateEvent } from "@hearth/contracts";
import type { FastifyReply } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { openSse, sseFrame } from "./sse";

/** Just enough of a hijacked reply to record what the stream writes. */
function fakeReply() {
  const raw = Object.assign(new EventEmitter(), {
    written: [] as string[],
    destroyed: false,
    writableEnded: false,
    writeHead: vi.fn(),
    write(chunk: string) {
      raw.written.push(chunk);
      return true;
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
