import type { Lorebook, LorebookEntry } from "@hearth/contracts";
import { LORE_POSITIONS, SELECTIVE_LOGICS } from "@hearth/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ActivationInput, activateLore, type LoreSource } from "./activate";
import { countWords } from "./test-fixtures";

// A small vocabulary so keys and histories often meet.
const WORDS = [
  "dragon",
  "Dragon",
  "castle",
  "night",
  "storm",
  "cat",
  "concat",
  "élan",
  "東京",
  "vault",
  "order",
];
const word = fc.constantFrom(...WORDS);
/** Words lowercasing changes in length (İ) or by context (final sigma). */
const EDGE_WORDS = ["İzmir", "ΑΣ", "ΑΣΑ", "ας", "Σ"];
const key = fc.oneof(
  { weight: 6, arbitrary: word },
  { weight: 1, arbitrary: fc.constantFrom("/drag(on)?/i", "/^c/", "/[/", "/(a+)+/", "") },
);
const content = fc.array(word, { maxLength: 8 }).map((words) => words.join(" "));

const entry = (id: number): fc.Arbitrary<LorebookEntry> =>
  fc.record({
    id: fc.constant(`e${id}`),
    name: fc.constantFrom("", "Named"),
    keys: fc.array(key, { maxLength: 3 }),
    secondary_keys: fc.array(key, { maxLength: 2 }),
    selective_logic: fc.constantFrom(...SELECTIVE_LOGICS),
    use_regex: fc.boolean(),
    case_sensitive: fc.boolean(),
    match_whole_words: fc.boolean(),
    content,
    enabled: fc.boolean(),
    constant: fc.boolean(),
    insertion_order: fc.integer({ min: -5, max: 5 }),
    priority: fc.integer({ min: 0, max: 4 }),
    position: fc.constantFrom(...LORE_POSITIONS),
    depth: fc.integer({ min: 0, max: 6 }),
    probability: fc.constantFrom(0, 30, 100),
    extensions: fc.constant({}),
  });

const book: fc.Arbitrary<Lorebook> = fc.integer({ min: 0, max: 12 }).chain((count) =>
  fc.record({
    name: fc.constant("Book"),
    description: fc.constant(""),
    scan_depth: fc.integer({ min: 0, max: 5 }),
    token_budget: fc.integer({ min: 0, max: 40 }),
    recursive_scanning: fc.boolean(),
    entries: fc.tuple(...Array.from({ length: count }, (_, index) => entry(index))),
    extensions: fc.constant({}),
  }),
);

const input: fc.Arbitrary<ActivationInput> = fc.record({
  sources: fc
    .array(book, { minLength: 1, maxLength: 3 })
    .map((books) =>
      books.map(
        (value, index): LoreSource => ({ kind: "character", id: `s${index}`, name: "S", book: value }),
      ),
    ),
  history: fc.array(content, { maxLength: 6 }),
  seed: fc.integer(),
  countTokens: fc.constant(countWords),
});

describe("activation properties", () => {
  it("never exceeds a book's token budget", () => {
    fc.assert(
      fc.property(input, (value) => {
        const { fired } = activateLore(value);
        for (const source of value.sources) {
          const used = fired
            .filter((entry) => entry.sourceId === source.id)
            .reduce((sum, entry) => sum + entry.tokens, 0);
          expect(used).toBeLessThanOrEqual(source.book.token_budget);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("never skips an entry for budget while a lower-priority entry of its book fired", () => {
    fc.assert(
      fc.property(input, (value) => {
        const { fired, skipped } = activateLore(value);
        for (const skip of skipped.filter((entry) => entry.why === "budget")) {
          const source = value.sources.find((candidate) => candidate.id === skip.sourceId) as LoreSource;
          const priority = source.book.entries.find((entry) => entry.id === skip.entryId)?.priority ?? 0;
          for (const entry of fired.filter((candidate) => candidate.sourceId === skip.sourceId)) {
            expect(entry.priority).toBeGreaterThanOrEqual(priority);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it("gives the same result for the same seed and input", () => {
    fc.assert(
      fc.property(input, (value) => {
        // Fresh copies, so nothing compiled for the first call is reused by the second.
        const copy: ActivationInput = {
          ...value,
          sources: JSON.parse(JSON.stringify(value.sources)) as LoreSource[],
        };
        expect(activateLore(copy)).toEqual(activateLore(value));
      }),
      { numRuns: 300 },
    );
  });

  it("never fires a disabled entry, and fires every enabled constant one within budget", () => {
    fc.assert(
      fc.property(input, (value) => {
        const { fired, skipped } = activateLore(value);
        for (const entry of fired) {
          const source = value.sources.find((candidate) => candidate.id === entry.sourceId) as LoreSource;
          expect(source.book.entries.find((candidate) => candidate.id === entry.entryId)?.enabled).toBe(true);
        }
        for (const source of value.sources) {
          for (const entry of source.book.entries.filter(
            (candidate) => candidate.enabled && candidate.constant,
          )) {
            const accounted =
              fired.some((item) => item.sourceId === source.id && item.entryId === entry.id) ||
              skipped.some((item) => item.sourceId === source.id && item.entryId === entry.id);
            expect(accounted).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("fires each entry at most once, sorted by insertion order", () => {
    fc.assert(
      fc.property(input, (value) => {
        const { fired } = activateLore(value);
        const ids = fired.map((entry) => `${entry.sourceId}/${entry.entryId}`);
        expect(new Set(ids).size).toBe(ids.length);
        for (let index = 1; index < fired.length; index++) {
          expect((fired[index] as { insertionOrder: number }).insertionOrder).toBeGreaterThanOrEqual(
            (fired[index - 1] as { insertionOrder: number }).insertionOrder,
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a plain key fires exactly when a naive search finds it (single key, no logic, full probability)", () => {
    const text = fc
      .array(fc.constantFrom(...WORDS, ...EDGE_WORDS, " ", ".", "x", "É", "İ"), { maxLength: 12 })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(
        fc.constantFrom(...WORDS, ...EDGE_WORDS),
        text,
        fc.boolean(),
        fc.boolean(),
        (needle, haystack, caseSensitive, wholeWord) => {
          const value: LorebookEntry = {
            id: "e",
            name: "",
            keys: [needle],
            secondary_keys: [],
            selective_logic: "and_any",
            use_regex: false,
            case_sensitive: caseSensitive,
            match_whole_words: wholeWord,
            content: "",
            enabled: true,
            constant: false,
            insertion_order: 0,
            priority: 0,
            position: "before_char",
            depth: 0,
            probability: 100,
            extensions: {},
          };
          const target = caseSensitive ? needle : needle.toLowerCase();
          const escaped = target.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          const pattern = wholeWord
            ? `(?<![\\p{L}\\p{N}\\p{M}_])${escaped}(?![\\p{L}\\p{N}\\p{M}_])`
            : escaped;
          const expected = new RegExp(pattern, "u").test(caseSensitive ? haystack : haystack.toLowerCase());
          const result = activateLore({
            sources: [
              {
                kind: "member",
                id: "m",
                name: "M",
                book: {
                  name: "B",
                  description: "",
                  scan_depth: 1,
                  token_budget: 100,
                  recursive_scanning: false,
                  entries: [value],
                  extensions: {},
                },
              },
            ],
            history: [haystack],
            seed: 0,
            countTokens: countWords,
          });
          expect(result.fired.length === 1).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
