// Conversions between V2 and V3.
//
// V2 -> V3 keeps every field, extension and unknown field, and adds what V3 requires
// (`group_only_greetings: []`, `use_regex: false` on lorebook entries).
//
// V3 -> V2 drops the V3-only data fields (nickname, creator_notes_multilingual, source,
// group_only_greetings, creation_date, modification_date, assets) and `use_regex` on lorebook entries,
// because V2 has no place for them; everything else, unknown fields included, is kept. Nothing is lost in
// a PNG: writeCardToPng stores a V3 card whole in the `ccv3` chunk, and readers take `ccv3` first. Only a
// V3 card exported on purpose as V2 JSON loses those fields, which is what asking for V2 means.

import { type CardV2, type CardV3, type ParsedCard, V3_ONLY_DATA_FIELDS } from "./schema";
import { isJsonObject, setField, validateCard } from "./validate";

type JsonObject = Record<string, unknown>;

/** Copies `source` in key order with some values replaced (or left out when undefined); new keys go last. */
function withFields(source: JsonObject, changes: JsonObject, omit: readonly string[] = []): JsonObject {
  const result: JsonObject = {};
  for (const key of Object.keys(source)) {
    if (omit.includes(key)) continue;
    setField(result, key, Object.hasOwn(changes, key) ? changes[key] : source[key]);
  }
  for (const key of Object.keys(changes)) {
    if (!Object.hasOwn(source, key)) setField(result, key, changes[key]);
  }
  return result;
}

function mapLorebookEntries(data: JsonObject, mapEntry: (entry: JsonObject) => JsonObject): JsonObject {
  const book = data.character_book;
  if (!isJsonObject(book) || !Array.isArray(book.entries)) return {};
  const entries: unknown[] = book.entries;
  return {
    character_book: withFields(book, {
      entries: entries.map((entry) => (isJsonObject(entry) ? mapEntry(entry) : entry)),
    }),
  };
}

function v3ToV2(card: CardV3): CardV2 {
  const data = withFields(
    card.data,
    mapLorebookEntries(card.data, (entry) => withFields(entry, {}, ["use_regex"])),
    V3_ONLY_DATA_FIELDS,
  );
  return withFields(card, { spec: "chara_card_v2", spec_version: "2.0", data }) as CardV2;
}

function v2ToV3(card: CardV2): CardV3 {
  const data = withFields(card.data, {
    ...mapLorebookEntries(card.data, (entry) => withFields(entry, { use_regex: entry.use_regex ?? false })),
    group_only_greetings: card.data.group_only_greetings ?? [],
  });
  return withFields(card, { spec: "chara_card_v3", spec_version: "3.0", data }) as CardV3;
}

/** Internal: converts an already validated card. */
export function parsedToV2(parsed: ParsedCard): CardV2 {
  return parsed.spec === "v3" ? v3ToV2(parsed.card) : parsed.card;
}

/** Internal: converts an already validated card. */
export function parsedToV3(parsed: ParsedCard): CardV3 {
  return parsed.spec === "v3" ? parsed.card : v2ToV3(parsed.card);
}

/** The card as V2 (a new object; the input is not changed). V3-only fields are dropped, see above. */
export function toCardV2(card: ParsedCard | CardV2 | CardV3): CardV2 {
  return parsedToV2(validateCard(card));
}

/** The card as V3 (a new object; the input is not changed), keeping every field. */
export function toCardV3(card: ParsedCard | CardV2 | CardV3): CardV3 {
  const converted = parsedToV3(validateCard(card));
  // A V2 card may carry stray fields with V3 names; validating as V3 catches ones of the wrong type.
  return validateCard(converted).card as CardV3;
}
