import { z } from "zod";

/**
 * Encodes answers through their contract schema (`z.encode`'s result), at `z.parse`'s speed where the two
 * cannot differ.
 *
 * Zod encodes by parsing "backward": codecs, transforms, pipes and defaults read the other way, and,
 * because a codec may change a discriminator, a discriminated union tries every option in turn instead of
 * picking one by its tag, while every schema with checks is parsed twice (once to see that it can, once for
 * real). A schema built only of objects, arrays, unions, literals, optionals and checked primitives reads
 * the same either way: the forward parse gives the same value (unknown keys stripped alike) or fails alike,
 * and costs a fifth as much on the events of a reply stream. Which way a schema goes is decided once.
 */
export type ResponseEncoder = (data: unknown) => z.ZodSafeParseResult<unknown>;

/** Types that read the same both ways, with no inner schema. */
const LEAF_TYPES = new Set([
  "string",
  "number",
  "int",
  "boolean",
  "bigint",
  "symbol",
  "null",
  "undefined",
  "void",
  "never",
  "any",
  "unknown",
  "date",
  "enum",
  "literal",
  "nan",
  "template_literal",
  "file",
  "custom",
]);

const encoders = new WeakMap<z.ZodType, ResponseEncoder>();

export function responseEncoder(schema: z.ZodType): ResponseEncoder {
  let encoder = encoders.get(schema);
  if (!encoder) {
    encoder = readsSameBothWays(schema, new Set())
      ? (data) => z.safeParse(schema, data)
      : (data) => z.safeEncode(schema, data);
    encoders.set(schema, encoder);
  }
  return encoder;
}

/** The value `z.encode(schema, data)` answers (throws its ZodError the same way). */
export function encodeResponse<T extends z.ZodType>(schema: T, data: z.output<T>): z.output<T> {
  const result = responseEncoder(schema)(data);
  if (!result.success) throw result.error;
  return result.data as z.output<T>;
}

/** Whether nothing in the schema reads differently when encoding (see above). */
export function readsSameBothWays(schema: z.ZodType, seen: Set<z.ZodType>): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = schema.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => readsSameBothWays(def[key] as z.ZodType, seen);
  const all = (schemas: unknown) => (schemas as z.ZodType[]).every((each) => readsSameBothWays(each, seen));
  switch (def.type) {
    case "object":
      return (
        all(Object.values(def.shape as Record<string, z.ZodType>)) &&
        (def.catchall === undefined || inner("catchall"))
      );
    case "array":
      return inner("element");
    case "set":
      return inner("valueType");
    case "union":
      return all(def.options);
    case "intersection":
      return inner("left") && inner("right");
    case "tuple":
      return all(def.items) && (def.rest === null || def.rest === undefined || inner("rest"));
    case "record":
    case "map":
      return inner("keyType") && inner("valueType");
    case "nullable":
    case "optional":
    case "nonoptional":
      return inner("innerType");
    case "lazy":
      return readsSameBothWays((def.getter as () => z.ZodType)(), seen);
    default:
      // Transforms, pipes and codecs, defaults, prefaults, catch, readonly, promises, functions: backward.
      return LEAF_TYPES.has(def.type);
  }
}
