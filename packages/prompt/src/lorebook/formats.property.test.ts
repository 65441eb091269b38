import { lorebookSchema } from "@hearth/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fromCharacterBook,
  fromSillyTavernWorldInfo,
  fromV3Lorebook,
  parseLorebookFile,
  toCharacterBook,
  toSillyTavernWorldInfo,
  toV3Lorebook,
} from "./formats";

// Files as tools write them, and as they should not: every known field may be missing or of another
// type, unknown fields (x_...) sit at book and entry level, and keys come in any order.

/** Normalized through JSON: a file cannot carry -0, NaN or undefined. */
const throughJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const text = fc.string({ unit: "binary", maxLength: 30 });
const anything = fc.jsonValue({ maxDepth: 2 }).map((value) => throughJson(value) as unknown);
const or = <T>(usual: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: usual as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: anything });
const number = fc.oneof(
  fc.integer({ min: -1000, max: 5000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const unknownFields = fc.dictionary(
  text.map((key) => `x_${key}`),
  anything,
  { maxKeys: 3 },
);

/** `value` with unknown fields added and its keys in a random order. */
function shuffledWithUnknown(
  known: fc.Arbitrary<Record<string, unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(known, unknownFields)
    .map(([value, extra]) => ({ ...value, ...extra }))
    .chain((value) => {
      const keys = Object.keys(value);
      return fc.shuffledSubarray(keys, { minLength: keys.length, maxLength: keys.length }).map((order) => {
        const result: Record<string, unknown> = {};
        for (const key of order)
          Object.defineProperty(result, key, {
            value: value[key],
            enumerable: true,
            writable: true,
            configurable: true,
          });
        return result;
      });
    });
}

const stExtensions = fc.record(
  {
    position: or(fc.integer({ min: 0, max: 7 })),
    depth: or(number),
    probability: or(number),
    useProbability: or(fc.boolean()),
    selectiveLogic: or(fc.integer({ min: 0, max: 4 })),
    match_whole_words: or(fc.constantFrom(true, false, null)),
    case_sensitive: or(fc.constantFrom(true, false, null)),
    group: text,
  },
  { requiredKeys: [] },
);
const extensions = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(stExtensions, fc.dictionary(text, anything, { maxKeys: 2 }))
      .map(([a, b]) => ({ ...b, ...a })),
  },
  { weight: 1, arbitrary: anything },
);

const cardEntry = shuffledWithUnknown(
  fc.record(
    {
      keys: or(fc.array(text, { maxLength: 3 })),
      content: or(text),
      extensions,
      enabled: or(fc.boolean()),
      insertion_order: or(number),
      case_sensitive: or(fc.boolean()),
      name: or(text),
      priority: or(number),
      id: fc.oneof(fc.nat(20), text, anything),
      comment: or(text),
      selective: or(fc.boolean()),
      secondary_keys: or(fc.array(text, { maxLength: 3 })),
      constant: or(fc.boolean()),
      position: or(fc.constantFrom("before_char", "after_char")),
      use_regex: or(fc.boolean()),
    },
    { requiredKeys: [] },
  ),
);

const characterBook = shuffledWithUnknown(
  fc.record(
    {
      name: or(text),
      description: or(text),
      scan_depth: or(number),
      token_budget: or(number),
      recursive_scanning: or(fc.boolean()),
      extensions: or(fc.dictionary(text, anything, { maxKeys: 3 })),
      entries: fc.array(cardEntry, { maxLength: 4 }),
    },
    { requiredKeys: ["entries"] },
  ),
);

const stEntry = shuffledWithUnknown(
  fc.record(
    {
      uid: fc.oneof(fc.nat(30), text, anything),
      key: or(fc.array(text, { maxLength: 3 })),
      keysecondary: or(fc.array(text, { maxLength: 3 })),
      comment: or(text),
      content: or(text),
      constant: or(fc.boolean()),
      selective: or(fc.boolean()),
      selectiveLogic: or(fc.integer({ min: 0, max: 4 })),
      order: or(number),
      position: or(fc.integer({ min: 0, max: 8 })),
      disable: or(fc.boolean()),
      probability: or(number),
      useProbability: or(fc.boolean()),
      depth: or(number),
      caseSensitive: fc.constantFrom(true, false, null),
      matchWholeWords: fc.constantFrom(true, false, null),
      group: text,
      sticky: fc.nat(5),
      displayIndex: fc.nat(10),
    },
    { requiredKeys: [] },
  ),
);

const sillyTavern = shuffledWithUnknown(
  fc.record(
    {
      entries: fc.dictionary(fc.oneof(fc.nat(40).map(String), text), stEntry, { maxKeys: 4 }),
      name: or(text),
    },
    { requiredKeys: ["entries"] },
  ),
);

const v3Lorebook = fc
  .tuple(characterBook, unknownFields)
  .map(([data, extra]) => ({ ...extra, spec: "lorebook_v3", data }) as Record<string, unknown>);

const cases = [
  ["character_book", characterBook, fromCharacterBook, toCharacterBook],
  ["SillyTavern world info", sillyTavern, fromSillyTavernWorldInfo, toSillyTavernWorldInfo],
  ["V3 lorebook", v3Lorebook, fromV3Lorebook, toV3Lorebook],
] as const;

describe.each(cases)("random %s files", (_name, file, read, write) => {
  it("are written back exactly as read (unknown fields and key order included), also through a JSON column", () => {
    fc.assert(
      fc.property(file, (raw) => {
        const original = throughJson(raw);
        const book = read(throughJson(original));
        expect(lorebookSchema.safeParse(book).success).toBe(true);
        expect(JSON.stringify(write(book))).toBe(JSON.stringify(original));
        expect(JSON.stringify(write(throughJson(book)))).toBe(JSON.stringify(original));
        expect(parseLorebookFile(throughJson(original)).book).toEqual(book);
      }),
      { numRuns: 300 },
    );
  });
});
