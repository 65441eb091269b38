import { describe, expect, it } from "vitest";
import { createSseParser } from "./sse-parser";

describe("createSseParser", () => {
  it("parses named events with JSON data", () => {
    const parser = createSseParser();
    const events = parser.push('event: token\ndata: {"text":"Hi"}\n\nevent: done\ndata: {"ok":true}\n\n');
    expect(events).toEqual([
      { event: "token", data: '{"text":"Hi"}' },
      { event: "done", data: '{"ok":true}' },
    ]);
  });

  it("joins events split at any byte boundary", () => {
    const raw =
      'event: token\r\ndata: {"text":"a"}\r\n\r\n: keep-alive\n\nevent: token\ndata: {"text":"b"}\n\n';
    for (let size = 1; size < raw.length; size++) {
      const parser = createSseParser();
      const events = [];
      for (let i = 0; i < raw.length; i += size) events.push(...parser.push(raw.slice(i, i + size)));
      events.push(...parser.end());
      expect(events.map((e) => e.data)).toEqual(['{"text":"a"}', '{"text":"b"}']);
    }
  });

  it("joins multi-line data, defaults the name and skips comments", () => {
    const parser = createSseParser();
    expect(parser.push(": hello\ndata: one\ndata:two\n\n")).toStrictEqual([
      { event: "message", data: "one\ntwo" },
    ]);
  });

  it("gives each event the last id the stream named (the resume point), kept until the next id", () => {
    const parser = createSseParser();
    expect(
      parser.push("id: 4\nevent: token\ndata: a\n\nevent: token\ndata: b\n\nid: 5\ndata: c\n\n"),
    ).toStrictEqual([
      { event: "token", data: "a", id: "4" },
      { event: "token", data: "b", id: "4" },
      { event: "message", data: "c", id: "5" },
    ]);
  });

  it("emits a last event left without its blank line at end", () => {
    const parser = createSseParser();
    expect(parser.push("event: done\ndata: {}")).toEqual([]);
    expect(parser.end()).toEqual([{ event: "done", data: "{}" }]);
  });

  it("ignores blank lines between events", () => {
    const parser = createSseParser();
    expect(parser.push("\n\n\nevent: x\n\n")).toEqual([]);
  });
});
