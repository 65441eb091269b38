import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { StreamChunkReader } from "./stream-chunk";

const readStreamChunk = (data: string) => new StreamChunkReader().read(data);

/** The reading by a full parse, for comparison. */
function parsedReading(data: string) {
  const parsed = JSON.parse(data) as {
    choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
    error?: { message?: string } | string;
  };
  if (parsed.error) {
    const message =
      typeof parsed.error === "string" ? parsed.error : (parsed.error.message ?? "unknown error");
    return { kind: "error", message: message.slice(0, 300) };
  }
  const choice = parsed.choices?.[0];
  return { kind: "piece", text: choice?.delta?.content ?? "", finished: Boolean(choice?.finish_reason) };
}

describe("readStreamChunk", () => {
  it("reads the usual token chunks of vLLM, llama.cpp, Ollama and OpenAI", () => {
    const chunks = [
      '{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":" world"},"logprobs":null,"finish_reason":null}]}',
      '{"choices":[{"finish_reason":null,"index":0,"delta":{"content":"Hi"}}],"created":1,"id":"c","model":"m","object":"chat.completion.chunk"}',
      '{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":"Hé \\"quoted\\" \\\\ \\n\\u00e9"},"finish_reason":null}]}',
    ];
    expect(chunks.map(readStreamChunk)).toEqual([
      { kind: "piece", text: " world", finished: false },
      { kind: "piece", text: "Hi", finished: false },
      { kind: "piece", text: 'Hé "quoted" \\ \né', finished: false },
    ]);
  });

  it("reads a stream's later token chunks without parsing them", () => {
    const reader = new StreamChunkReader();
    const frame = (text: string) =>
      `{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":${JSON.stringify(text)}},"logprobs":null,"finish_reason":null}]}`;
    expect(reader.read(frame("Hello"))).toEqual({ kind: "piece", text: "Hello", finished: false });
    const parse = vi.spyOn(JSON, "parse");
    try {
      expect(reader.read(frame(" world"))).toEqual({ kind: "piece", text: " world", finished: false });
      expect(reader.read(frame("é!"))).toEqual({ kind: "piece", text: "é!", finished: false });
      expect(parse).not.toHaveBeenCalled();
      expect(reader.read(frame('say "hi"'))).toEqual({ kind: "piece", text: 'say "hi"', finished: false });
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });

  it("reads the end of a reply, a role chunk, an error and a reasoning chunk", () => {
    expect(readStreamChunk('{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}')).toEqual({
      kind: "piece",
      text: "",
      finished: true,
    });
    expect(
      readStreamChunk('{"choices":[{"index":0,"delta":{"content":"!"},"finish_reason":"length"}]}'),
    ).toEqual({ kind: "piece", text: "!", finished: true });
    expect(readStreamChunk('{"choices":[{"delta":{"role":"assistant","content":""}}]}')).toEqual({
      kind: "piece",
      text: "",
      finished: false,
    });
    expect(readStreamChunk('{"error":{"message":"boom","content":"x"}}')).toEqual({
      kind: "error",
      message: "boom",
    });
    expect(
      readStreamChunk(
        '{"choices":[{"delta":{"reasoning_content":"think","content":null},"finish_reason":null}]}',
      ),
    ).toEqual({ kind: "piece", text: "", finished: false });
  });

  it("throws SyntaxError for a payload that is not JSON", () => {
    expect(() => readStreamChunk("not json")).toThrow(SyntaxError);
  });

  it("reads any chunk the way a full parse does", () => {
    const text = fc.string({
      unit: fc.constantFrom("a", " ", '"', "\\", "\n", "é", "😀", "\u2028", "}", ":", ","),
    });
    const chunk = fc.record(
      {
        id: fc.constant("chatcmpl-1"),
        choices: fc.array(
          fc.record(
            {
              index: fc.nat(3),
              delta: fc.record(
                {
                  role: fc.constant("assistant"),
                  content: fc.oneof(text, fc.constant(null)),
                  reasoning_content: text,
                },
                { requiredKeys: [] },
              ),
              finish_reason: fc.oneof(fc.constant(null), fc.constantFrom("stop", "length")),
              message: fc.record({ content: text }),
              logprobs: fc.constant(null),
            },
            { requiredKeys: ["delta"] },
          ),
          { maxLength: 2 },
        ),
        error: fc.oneof(text, fc.record({ message: text })),
        note: text,
        finish_reason: fc.constantFrom("stop", null),
        message: fc.record({ content: text }),
      },
      { requiredKeys: [] },
    );
    // A stream: chunks of one frame with other texts, and other chunks between them.
    const frames = fc.array(fc.oneof(chunk, fc.record({ text })), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(chunk, frames, (template, items) => {
        const reader = new StreamChunkReader();
        for (const item of [template, ...items]) {
          const value =
            "text" in item && Object.keys(item).length === 1
              ? { ...template, choices: [{ index: 0, delta: { content: item.text }, finish_reason: null }] }
              : item;
          const data = JSON.stringify(value);
          expect(reader.read(data)).toEqual(parsedReading(data));
        }
      }),
      { numRuns: 2000 },
    );
  });
});
