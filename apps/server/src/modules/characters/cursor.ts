import type { CharacterSort } from "@hearth/contracts";
import { AppError } from "../../http/errors";

/** A keyset position: the sort column's value as PostgreSQL prints it, and the id breaking ties. */
export type Cursor = { key: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KEY_PATTERNS: Record<CharacterSort, RegExp> = {
  popular: /^\d{1,10}$/,
  rating: /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i,
  newest: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)$/,
};

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
  if (!UUID.test(id) || !KEY_PATTERNS[sort].test(key)) throw invalidCursor();
  if (sort === "popular" && Number(key) > 2_147_483_647) throw invalidCursor();
  return { key, id };
}
