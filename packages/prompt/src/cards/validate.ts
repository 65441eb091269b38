import type { z } from "zod";
import { CardError } from "./errors";
import { type CardV2, type CardV3, cardV2Schema, cardV3Schema, type ParsedCard } from "./schema";

type JsonObject = Record<string, unknown>;

const V1_FIELDS = ["name", "description", "personality", "scenario", "first_mes", "mes_example"] as const;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Sets a key as an own data property, so a "__proto__" key stays data instead of changing the prototype. */
export function setField(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Zod rebuilds objects with known keys first and drops "__proto__" keys. This walks the original JSON and
 * zod's result together: original keys keep their order and values zod did not return; defaults zod added go
 * last; keys zod turned into undefined (null optional fields) are left out.
 */
function keepOriginalShape(original: unknown, parsed: unknown): unknown {
  if (original === parsed) return original;
  if (Array.isArray(parsed)) {
    const source: unknown[] = Array.isArray(original) ? original : [];
    return parsed.map((item, index) => keepOriginalShape(source[index], item));
  }
  if (!isJsonObject(parsed)) return parsed;
  const source = isJsonObject(original) ? original : {};
  const result: JsonObject = {};
  for (const key of Object.keys(source)) {
    const value = Object.hasOwn(parsed, key) ? keepOriginalShape(source[key], parsed[key]) : source[key];
    if (value !== undefined) setField(result, key, value);
  }
  for (const key of Object.keys(parsed)) {
    if (!Object.hasOwn(source, key) && parsed[key] !== undefined) setField(result, key, parsed[key]);
  }
  return result;
}

const EXPECTED_TEXT: Record<string, string> = {
  string: "text",
  number: "a number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
};

function issueMessage(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join(".");
  if (path === "data.name") return "The card is missing a name.";
  if (path === "data") return "The card has no data section.";
  if (issue.code === "invalid_type") {
    return `The card's "${path}" field should be ${EXPECTED_TEXT[issue.expected] ?? issue.expected}.`;
  }
  return `The card's "${path}" field is not valid.`;
}

function validate<Schema extends typeof cardV2Schema | typeof cardV3Schema>(
  schema: Schema,
  value: JsonObject,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const [issue] = result.error.issues;
    throw new CardError("invalid_card", issue ? issueMessage(issue) : "The character card is not valid.");
  }
  return keepOriginalShape(value, result.data) as z.output<Schema>;
}

/** A V1 card is flat; its six fields move into V2 `data`, its other fields stay at the top level. */
function v1ToV2Shape(value: JsonObject): JsonObject {
  const data: JsonObject = {};
  for (const field of V1_FIELDS) {
    if (Object.hasOwn(value, field)) setField(data, field, value[field]);
  }
  const card: JsonObject = { spec: "chara_card_v2", spec_version: "2.0", data };
  for (const key of Object.keys(value)) {
    if (!(V1_FIELDS as readonly string[]).includes(key) && !Object.hasOwn(card, key)) {
      setField(card, key, value[key]);
    }
  }
  return card;
}

function describeSpec(spec: unknown): string {
  return typeof spec === "string" ? `"${spec.slice(0, 40)}"` : "an unknown format";
}

/**
 * The deepest nesting a card may have (objects and lists inside each other). Real cards stay near ten
 * levels; deeper ones are refused before anything walks them recursively (validation, copies, jsonb).
 */
export const CARD_MAX_DEPTH = 64;

/** Whether objects and lists in `value` nest deeper than `max` levels; iterative, so any depth is safe. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, depth] = next;
    if (typeof item !== "object" || item === null) continue;
    if (depth > max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** Validates a JSON value as a V1, V2 or V3 card. The value must not be shared: parts of it are reused. */
export function cardFromJsonValue(value: unknown): ParsedCard {
  if (!isJsonObject(value)) throw new CardError("invalid_card", "The character card is not a JSON object.");
  if (nestsDeeperThan(value, CARD_MAX_DEPTH)) {
    throw new CardError(
      "invalid_card",
      `The character card is nested too deeply (more than ${CARD_MAX_DEPTH} levels).`,
    );
  }
  const spec = value.spec;
  if (spec === undefined) return { spec: "v1", card: validate(cardV2Schema, v1ToV2Shape(value)) };
  if (spec === "chara_card_v2") return { spec: "v2", card: validate(cardV2Schema, value) };
  if (spec === "chara_card_v3") return { spec: "v3", card: validate(cardV3Schema, value) };
  throw new CardError(
    "unsupported_spec",
    `This character card uses ${describeSpec(spec)}, which Hearth cannot read. Use a Character Card V1, V2 or V3.`,
  );
}

/** Validates a card handed in by code, on a copy so the caller's object is never shared or changed. */
export function validateCard(card: CardV2 | CardV3 | ParsedCard): ParsedCard {
  const value = card.spec === "v1" || card.spec === "v2" || card.spec === "v3" ? card.card : card;
  // Checked before the copy too: JSON.stringify recurses.
  if (nestsDeeperThan(value, CARD_MAX_DEPTH)) cardFromJsonValue(value);
  const parsed = cardFromJsonValue(JSON.parse(JSON.stringify(value)));
  if (parsed.spec === "v1")
    throw new CardError("invalid_card", "The card has no spec; expected a V2 or V3 card.");
  return parsed;
}
