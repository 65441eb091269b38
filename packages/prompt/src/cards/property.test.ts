import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toCardV2, toCardV3 } from "./convert";
import { parseCardJson, serializeCardJson } from "./json";
import { readCardFromPng, writeCardToPng } from "./png";
import type { CardV2, CardV3 } from "./schema";
import { TINY_PNG } from "./test-fixtures";

// Any code point, lone surrogates included (JSON escapes them, so they survive too).
const text = fc.string({ unit: "binary", maxLength: 40 });
const texts = fc.array(text, { maxLength: 4 });
const name = text.filter((value) => value.trim().length > 0);
// Normalized through JSON: fc.jsonValue may produce -0, which no JSON text (so no card file) can carry.
const json = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
const extensions = fc.dictionary(fc.string({ unit: "binary", maxLength: 12 }), json, { maxKeys: 4 });
/** Unknown fields; the prefix keeps them from colliding with known fields of another type. */
const unknownFields = fc.dictionary(
  fc.string({ unit: "binary", maxLength: 10 }).map((key) => `x_${key}`),
  json,
  { maxKeys: 3 },
);

function withUnknown<T extends object>(known: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.tuple(known, unknownFields).map(([value, extra]) => ({ ...value, ...extra }));
}

const lorebookEntryV2 = withUnknown(
  fc.record(
    {
      keys: texts,
      content: text,
      extensions,
      enabled: fc.boolean(),
      insertion_order: fc.integer(),
      secondary_keys: texts,
      id: fc.oneof(fc.nat(), text),
      position: fc.constantFrom("before_char", "after_char"),
      priority: fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !Object.is(value, -0)),
    },
    { requiredKeys: ["keys", "content", "extensions", "enabled", "insertion_order"] },
  ),
);

const lorebookEntryV3 = fc
  .tuple(lorebookEntryV2, fc.boolean())
  .map(([entry, useRegex]) => ({ ...entry, use_regex: useRegex }));

function lorebook<Entry>(entry: fc.Arbitrary<Entry>) {
  return withUnknown(
    fc.record(
      { name: text, scan_depth: fc.nat(), extensions, entries: fc.array(entry, { maxLength: 3 }) },
      { requiredKeys: ["extensions", "entries"] },
    ),
  );
}

function cardData<Entry>(entry: fc.Arbitrary<Entry>) {
  return withUnknown(
    fc.record(
      {
        name,
        description: text,
        personality: text,
        scenario: text,
        first_mes: text,
        mes_example: text,
        creator_notes: text,
        system_prompt: text,
        post_history_instructions: text,
        alternate_greetings: texts,
        character_book: lorebook(entry),
        tags: texts,
        creator: text,
        character_version: text,
        extensions,
      },
      {
        requiredKeys: [
          "name",
          "description",
          "personality",
          "scenario",
          "first_mes",
          "mes_example",
          "creator_notes",
          "system_prompt",
          "post_history_instructions",
          "alternate_greetings",
          "tags",
          "creator",
          "character_version",
          "extensions",
        ],
      },
    ),
  );
}

const cardV2: fc.Arbitrary<CardV2> = withUnknown(
  fc.record({
    spec: fc.constant("chara_card_v2" as const),
    spec_version: fc.constant("2.0"),
    data: cardData(lorebookEntryV2),
  }),
);

const cardV3: fc.Arbitrary<CardV3> = withUnknown(
  fc.record({
    spec: fc.constant("chara_card_v3" as const),
    spec_version: fc.constant("3.0"),
    data: fc
      .tuple(
        cardData(lorebookEntryV3),
        fc.record(
          {
            nickname: text,
            group_only_greetings: texts,
            creation_date: fc.nat(),
            creator_notes_multilingual: fc.dictionary(fc.constantFrom("en", "ja", "ar", "fr"), text),
            assets: fc.array(fc.record({ type: text, uri: text, name: text, ext: text }), { maxLength: 2 }),
          },
          { requiredKeys: ["group_only_greetings"] },
        ),
      )
      .map(([data, v3Fields]) => ({ ...data, ...v3Fields })),
  }),
);

const anyCard = fc.oneof(cardV2, cardV3);

describe("random cards", () => {
  it("survive a JSON round trip unchanged, key order included", () => {
    fc.assert(
      fc.property(anyCard, (card) => {
        const serialized = serializeCardJson(card);
        const parsed = parseCardJson(serialized);
        expect(parsed.card).toEqual(card);
        expect(serializeCardJson(parsed.card)).toBe(serialized);
        expect(serialized).toBe(`${JSON.stringify(card, null, 2)}\n`);
      }),
      { numRuns: 150 },
    );
  });

  it("survive a PNG round trip unchanged", () => {
    fc.assert(
      fc.property(anyCard, (card) => {
        const png = writeCardToPng(TINY_PNG, card);
        const parsed = readCardFromPng(png);
        expect(parsed.card).toEqual(card);
        expect(writeCardToPng(TINY_PNG, parsed.card)).toEqual(png);
      }),
      { numRuns: 50 },
    );
  });

  it("survive V2 to V3 to V2", () => {
    fc.assert(
      fc.property(cardV2, (card) => {
        expect(JSON.stringify(toCardV2(toCardV3(card)))).toBe(JSON.stringify(card));
      }),
      { numRuns: 75 },
    );
  });
});
