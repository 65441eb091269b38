// Caps what an app keeps of a card beyond its own columns ("extras": the V3 data fields it has no column
// for, the extensions and unknown fields), so a card of megabytes of extensions cannot make every read of
// the character megabytes long.

import { cardDataV3Schema } from "./schema";
import { isJsonObject, setField } from "./validate";

type JsonObject = Record<string, unknown>;

/** Fields of the card formats; kept before extensions, which are kept before unknown fields. */
const SPEC_FIELDS: readonly string[] = Object.keys(cardDataV3Schema.shape);

/** Bytes of `text` in UTF-8, without encoding it. */
export function utf8Length(text: string): number {
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) length += 1;
    else if (unit < 0x800) length += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length += 4;
        index++;
      } else length += 3;
    } else length += 3;
  }
  return length;
}

const jsonBytes = (value: unknown): number => utf8Length(JSON.stringify(value) ?? "null");

/** The longest prefix of `items` whose JSON list fits in `budget` bytes; null when not even an empty list fits. */
function listPrefix(items: readonly unknown[], budget: number): unknown[] | null {
  let used = 2;
  if (used > budget) return null;
  const kept: unknown[] = [];
  for (const item of items) {
    const size = jsonBytes(item) + (kept.length > 0 ? 1 : 0);
    if (used + size > budget) break;
    kept.push(item);
    used += size;
  }
  return kept;
}

/**
 * `value` when its JSON fits in `budget` bytes; else, for a list (alternate greetings...) its longest
 * fitting prefix, and for an object with an `entries` list (a lorebook) the object with a prefix of its
 * entries; else undefined. A shortened list keeps at least one item, or it is left out.
 */
function fit(value: unknown, budget: number): unknown {
  if (jsonBytes(value) <= budget) return value;
  if (Array.isArray(value)) {
    const prefix = listPrefix(value, budget);
    return prefix && prefix.length > 0 ? prefix : undefined;
  }
  if (isJsonObject(value) && Array.isArray(value.entries)) {
    const shell: JsonObject = {};
    for (const key of Object.keys(value)) setField(shell, key, key === "entries" ? [] : value[key]);
    const prefix = listPrefix(value.entries, budget - (jsonBytes(shell) - 2));
    if (!prefix || prefix.length === 0) return undefined;
    setField(shell, "entries", prefix);
    return shell;
  }
  return undefined;
}

export type CappedExtras = {
  /** What is kept, in the original key order; its JSON is at most the budget. */
  extras: JsonObject;
  /** Names of what was left out or shortened (`extensions.<name>` for extensions). */
  dropped: string[];
};

/**
 * Keeps card extras within `maxBytes` of JSON (UTF-8): spec fields first, in the spec's order, then each
 * extension, then unknown fields; whatever does not fit in what is left is dropped (a list or a
 * lorebook may be kept in part). Kept values are the card's own, so the card stays valid.
 */
export function capCardExtras(extras: JsonObject, maxBytes: number): CappedExtras {
  const kept = new Map<string, unknown>();
  const dropped: string[] = [];
  let used = 2;
  /** A `"key":value,` member: the key's JSON, the colon and a comma. */
  const memberBytes = (key: string, value: unknown) => jsonBytes(key) + 2 + jsonBytes(value);
  const keep = (key: string, label: string) => {
    const value = extras[key];
    const fitted = fit(value, maxBytes - used - (jsonBytes(key) + 2));
    if (fitted === undefined) {
      dropped.push(label);
      return;
    }
    if (fitted !== value) dropped.push(label);
    kept.set(key, fitted);
    used += memberBytes(key, fitted);
  };
  const keys = Object.keys(extras);
  for (const key of SPEC_FIELDS) {
    if (key !== "extensions" && Object.hasOwn(extras, key)) keep(key, key);
  }
  const extensions = extras.extensions;
  if (isJsonObject(extensions)) {
    const emptyBytes = memberBytes("extensions", {});
    if (used + emptyBytes <= maxBytes) {
      used += emptyBytes;
      const keptExtensions: JsonObject = {};
      for (const name of Object.keys(extensions)) {
        const value = extensions[name];
        const size = memberBytes(name, value);
        if (used + size > maxBytes) {
          dropped.push(`extensions.${name}`);
          continue;
        }
        setField(keptExtensions, name, value);
        used += size;
      }
      kept.set("extensions", keptExtensions);
    } else if (Object.keys(extensions).length > 0) dropped.push("extensions");
  } else if (Object.hasOwn(extras, "extensions")) keep("extensions", "extensions");
  for (const key of keys) {
    if (!SPEC_FIELDS.includes(key)) keep(key, key);
  }
  const result: JsonObject = {};
  for (const key of keys) {
    if (kept.has(key)) setField(result, key, kept.get(key));
  }
  return { extras: result, dropped };
}
