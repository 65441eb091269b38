import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SseDataLines } from "./sse";

const collect = (chunks: string[]) => {
  const lines = new SseDataLines();
  return chunks.flatMap((chunk) => [...lines.feed(chunk)]);
};

describe("SseDataLines", () => {
  it("yields data payloads, skipping comments and other fields, with LF or CRLF", () => {
    const stream = ': keep-alive\n\nevent: x\ndata: {"a":1}\n\ndata:[DONE]\r\n\r\n';
    expect(collect([stream])).toEqual(['{"a":1}', "[DONE]"]);
  });

  it("keeps an unfinished line for the next chunk, wherever the chunks split", () => {
    const payloads = ['{"choices":[{"delta":{"content":"Hé"}}]}', '{"x":"y: z"}', "[DONE]"];
    const stream = payloads.map((payload) => `data: ${payload}\n\n`).join("");
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: stream.length - 1 }), { maxLength: 12 }),
        (cuts) => {
          const points = [0, ...cuts.sort((a, b) => a - b), stream.length];
          const chunks = points.slice(1).map((end, i) => stream.slice(points[i], end));
          expect(collect(chunks)).toEqual(payloads);
        },
      ),
    );
  });
});
