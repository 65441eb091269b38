import type { CharacterSort } from "@hearth/contracts";
import { AppError } from "../../http/errors";

/** A keyset position: the sort column's value as PostgreSQL prints it, and the id breaking ties. */
export type Cursor = { key: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KEY_PATTERNS: Record<CharacterSort, RegExp> = {
  popular: /^\d{1,10}$/,
  rating: /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i,
  newest: /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-](\d{2})(:(\d{2}))?|Z)$/,
};

/** rating_score is a `real`: anything beyond its range (or not finite, like 1e999) fails the cast. */
const REAL_MAX = 3.4e38;

/** A timestamp PostgreSQL can cast: the pattern alone lets through 2025-02-31 or 25:61:61. */
function isPossibleTimestamp(key: string): boolean {
  const match = KEY_PATTERNS.newest.exec(key);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = [1, 2, 3, 4, 5, 6, 9, 11].map(
    (group) => Number(match[group] ?? 0),
  ) as [number, number, number, number, number, number, number, number];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return (
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  );
}

function isKeyInRange(key: string, sort: CharacterSort): boolean {
  if (!KEY_PATTERNS[sort].test(key)) return false;
  if (sort === "popular") return Number(key) <= 2_147_483_647;
  if (sort === "rating") return Number.isFinite(Number(key)) && Math.abs(Number(key)) <= REAL_MAX;
  return isPossibleTimestamp(key);
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString("base64url");
}

const invalidCursor = () =>
  new AppError(400, "validation_error", "The cursor is not valid; start from the first page.", {
    cursor: "Invalid cursor",
  });

/** Reads a cursor made by `encodeCursor` for the same sort; anything else is a 400. */
export function decodeCursor(text: string, sort: CharacterSort): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalidCursor();
  const [key, id] = parsed as unknown[];
  if (typeof key !== "string" || typeof id !== "string") throw invalidCursor();
  if (!UUID.test(id) || !isKeyInRange(key, sort)) throw invalidCursor();
  return { key, id };
}
