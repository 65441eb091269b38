import { EventEmitter } from "node:events";
import type { FastifyReply } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openSse } from "./sse";

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
    end() {
      raw.writableEnded = true;
      raw.emit("close");
    },
  });
  const reply = { raw, hijack: vi.fn(), getHeaders: () => ({}) } as unknown as FastifyReply;
  return { reply, raw };
}

describe("server-sent events", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends a comment while the model is silent, and nothing once tokens flow or the stream ends", () => {
    vi.useFakeTimers();
    const { reply, raw } = fakeReply();
    const sse = openSse(reply, 1000);
    vi.advanceTimersByTime(1000);
    expect(raw.written).toEqual([": keep-alive\n\n"]);
    vi.advanceTimersByTime(500);
    sse.token("Hi");
    vi.advanceTimersByTime(1000);
    expect(raw.written).toHaveLength(2);
    sse.end();
    vi.advanceTimersByTime(5000);
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
    sse.event("done", done);
    expect(raw.written).toEqual([
      'event: done\ndata: {"conversation_id":"c1","message":null,"suggestion":"Hi","oldest_included_message_id":null}\n\n',
    ]);
    expect(() => sse.event("start", { conversation_id: 1 } as never)).toThrow();
    sse.end();
  });
});
