import { characterListSchema, generateEventSchema, meSchema, queueAnswerSchema } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { encodeResponse, readsSameBothWays, responseEncoder } from "./response-encoding";

const MESSAGE = {
  id: "m1",
  conversation_id: "c1",
  role: "user",
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
  speaker_id: null,
};

/**
 * Both results side by side: the same value, or both failed (a failed answer is a 500 whatever its issues
 * say, and a discriminated union reports a wrong tag at the tag forward, at the root backward).
 */
function bothWays(schema: z.ZodType, data: unknown) {
  const ours = responseEncoder(schema)(data);
  const zods = z.safeEncode(schema, data);
  return {
    ours: ours.success ? { value: ours.data } : "failed",
    zods: zods.success ? { value: zods.data } : "failed",
  };
}

describe("responseEncoder", () => {
  it("takes the forward parse for the contracts' answers, which have nothing that reads backward", () => {
    for (const schema of [generateEventSchema, characterListSchema, meSchema, queueAnswerSchema]) {
      expect(readsSameBothWays(schema, new Set())).toBe(true);
    }
  });

  it("answers what z.encode answers: keys the contract does not name dropped, a wrong value failed", () => {
    const cases: unknown[] = [
      { event: "start", data: { stream_id: "s", conversation_id: "c1", user_message: MESSAGE } },
      {
        event: "start",
        data: { stream_id: "s", conversation_id: "c1", user_message: { ...MESSAGE, secret: "x" }, extra: 1 },
      },
      { event: "token", data: { text: "Hi" }, leaked: true },
      { event: "done", data: { conversation_id: "c1", message: { ...MESSAGE, rating: 9 } } },
      { event: "token", data: { text: 5 } },
      { event: "nothing", data: {} },
      { event: "error", data: { error: { code: "internal_error", message: "Uh oh" } } },
    ];
    const results = cases.map((data) => bothWays(generateEventSchema, data));
    for (const { ours, zods } of results) expect(ours).toEqual(zods);
    expect(results.map(({ ours }) => ours === "failed")).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
      false,
    ]);
    expect(bothWays(generateEventSchema, cases[1]).ours).toEqual({
      value: { event: "start", data: { stream_id: "s", conversation_id: "c1", user_message: MESSAGE } },
    });
  });

  it("encodes backward where a part reads differently: codecs, transforms, defaults, also nested and lazy", () => {
    const isoDate = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    const tree: z.ZodType = z.object({ at: isoDate, children: z.array(z.lazy(() => tree)) });
    const schemas = [
      z.object({ at: isoDate }),
      z.union([z.object({ kind: z.literal("a"), at: isoDate }), z.object({ kind: z.literal("b") })]),
      z.object({ name: z.string().default("anonymous") }),
      z.object({ tags: z.array(z.string()).transform((tags) => tags.length) }),
      tree,
    ];
    for (const schema of schemas) expect(readsSameBothWays(schema, new Set())).toBe(false);

    const at = new Date("2026-01-01T00:00:00.000Z");
    expect(encodeResponse(z.object({ at: isoDate }), { at })).toEqual({ at: "2026-01-01T00:00:00.000Z" });
    expect(encodeResponse(tree, { at, children: [{ at, children: [] }] })).toEqual({
      at: "2026-01-01T00:00:00.000Z",
      children: [{ at: "2026-01-01T00:00:00.000Z", children: [] }],
    });
    // Forward, the default would fill the name in; encoding leaves it out as z.encode does.
    const named = z.object({ name: z.string().default("anonymous") });
    expect(bothWays(named, {}).ours).toEqual(bothWays(named, {}).zods);
  });

  it("follows a recursive schema without codecs to its end", () => {
    const node: z.ZodType = z.object({ name: z.string(), children: z.array(z.lazy(() => node)) });
    expect(readsSameBothWays(node, new Set())).toBe(true);
    const data = { name: "a", children: [{ name: "b", children: [], x: 1 }] };
    expect(bothWays(node, data).ours).toEqual({
      value: { name: "a", children: [{ name: "b", children: [] }] },
    });
  });

  it("throws z.encode's error for a value that breaks the schema", () => {
    expect(() => encodeResponse(generateEventSchema, { event: "token", data: { text: 1 } } as never)).toThrow(
      z.ZodError,
    );
  });
});
