import { randomUUID } from "node:crypto";
import { type ZodType, z } from "zod";

/** The JSON Schema subset the contracts' zod schemas produce. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
};

export function jsonSchemaOf(schema: ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

const STRING_CANDIDATES = ["sample", "sample_name1", "a1b2c3", "Sample text.", "ab12", "sample@example.test"];

function sampleString(schema: JsonSchema): string {
  if (schema.format === "uuid") return randomUUID();
  if (schema.format === "email") return `sample-${Date.now()}@example.test`;
  if (schema.format === "date-time") return new Date().toISOString();
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  const fit = (text: string) => text.padEnd(min, "a").slice(0, max);
  const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
  for (const candidate of STRING_CANDIDATES.map(fit)) {
    if (!pattern || pattern.test(candidate)) return candidate;
  }
  return fit("sample");
}

/**
 * A small value for a schema: the first choice of every union or enum, and the required fields only
 * unless `everyField` (refinements such as "Nothing to update" want one of the optional ones).
 */
export function sampleOf(schema: JsonSchema, everyField = false): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.[0]) return sampleOf(choice[0], everyField);
  if (schema.allOf?.[0]) return sampleOf(schema.allOf[0], everyField);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return sampleString(schema);
    case "integer":
    case "number": {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.min(low, schema.maximum ?? low);
    }
    case "boolean":
      return false;
    case "null":
      return null;
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items ?? {}, everyField));
    case "object": {
      const value: Record<string, unknown> = {};
      const keys = everyField ? Object.keys(schema.properties ?? {}) : (schema.required ?? []);
      for (const key of keys) value[key] = sampleOf(schema.properties?.[key] ?? {}, everyField);
      return value;
    }
    default:
      return {};
  }
}

/** A sample the zod schema accepts where this sampler can make one (refinements aside). */
export function validSample(schema: ZodType): unknown {
  const json = jsonSchemaOf(schema);
  const small = sampleOf(json);
  return schema.safeParse(small).success ? small : sampleOf(json, true);
}

/** A query string (without "?") holding a sample of every required parameter. */
export function sampleQuery(schema: ZodType | undefined): string {
  if (!schema) return "";
  const sample = validSample(schema) as Record<string, unknown>;
  return new URLSearchParams(
    Object.entries(sample).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();
}
