import type { Lorebook } from "@hearth/contracts";
import { lorebookSchema } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { CHARACTER_BOOK_V2, CHARACTER_BOOK_V3, SILLYTAVERN_WORLD_INFO, V3_LOREBOOK } from "./format-fixtures";
import {
  fromCharacterBook,
  fromSillyTavernWorldInfo,
  fromV3Lorebook,
  LOREBOOK_SOURCE_KEY,
  LorebookFormatError,
  parseLorebookFile,
  toCharacterBook,
  toSillyTavernWorldInfo,
  toV3Lorebook,
} from "./formats";
import { makeBook, makeEntry } from "./test-fixtures";

/** As a database's JSON column gives it back. */
const throughJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const formats = [
  ["SillyTavern world info", SILLYTAVERN_WORLD_INFO, fromSillyTavernWorldInfo, toSillyTavernWorldInfo],
  ["V2 character_book", CHARACTER_BOOK_V2, fromCharacterBook, toCharacterBook],
  ["V3 character_book", CHARACTER_BOOK_V3, fromCharacterBook, toCharacterBook],
  ["V3 lorebook", V3_LOREBOOK, fromV3Lorebook, toV3Lorebook],
] as const;

describe.each(formats)("%s", (_name, file, read, write) => {
  it("writes back exactly what was read, unknown fields and key order included", () => {
    const book = read(throughJson(file));
    expect(lorebookSchema.parse(book)).toBeTruthy();
    expect(write(book)).toEqual(file);
    expect(JSON.stringify(write(book))).toBe(JSON.stringify(file));
  });

  it("also after a trip through a JSON column", () => {
    expect(JSON.stringify(write(throughJson(read(throughJson(file)))))).toBe(JSON.stringify(file));
  });

  it("does not change the file it reads", () => {
    const copy = throughJson(file);
    write(read(copy));
    expect(copy).toEqual(file);
  });

  it("is found by parseLorebookFile", () => {
    expect(parseLorebookFile(throughJson(file)).book).toEqual(read(throughJson(file)));
  });
});

describe("SillyTavern world info", () => {
  const book = fromSillyTavernWorldInfo(throughJson(SILLYTAVERN_WORLD_INFO));
  const [kingdom, queen, dragon] = book.entries;

  it("maps each field", () => {
    expect(book.entries).toHaveLength(3);
    expect(kingdom).toMatchObject({
      id: "0",
      name: "Kingdom of Eldoria",
      keys: ["Eldoria", "the kingdom"],
      secondary_keys: [],
      selective_logic: "and_any",
      use_regex: false,
      case_sensitive: false,
      match_whole_words: false,
      enabled: true,
      constant: false,
      insertion_order: 100,
      priority: 100,
      position: "before_char",
      depth: 4,
      probability: 100,
    });
    expect(queen).toMatchObject({
      id: "1",
      selective_logic: "and_all",
      secondary_keys: ["throne", "crown"],
      use_regex: true,
      case_sensitive: true,
      match_whole_words: true,
      position: "at_depth",
      depth: 2,
      probability: 80,
      insertion_order: 90,
    });
    expect(dragon).toMatchObject({
      id: "7",
      // selective off: secondary keys are no condition.
      secondary_keys: [],
      enabled: false,
      constant: true,
      insertion_order: 51,
      // The author's note position goes in at a depth; probability off means always.
      position: "at_depth",
      probability: 100,
    });
    // SillyTavern scans recursively unless told not to.
    expect(book.recursive_scanning).toBe(true);
  });

  it("keeps unknown fields in the entry's extensions under the source key", () => {
    const record = queen?.extensions[LOREBOOK_SOURCE_KEY] as { unknown: Record<string, unknown> };
    expect(record.unknown).toMatchObject({
      group: "royals",
      sticky: 2,
      characterFilter: { names: ["Aria"] },
    });
  });

  it("writes a changed field from Hearth and leaves the others as they were", () => {
    const edited: Lorebook = {
      ...book,
      entries: book.entries.map((entry) =>
        entry.id === "7"
          ? { ...entry, content: "Dragons sleep.", position: "after_char", case_sensitive: true }
          : entry,
      ),
    };
    const written = toSillyTavernWorldInfo(edited) as { entries: Record<string, Record<string, unknown>> };
    expect(written.entries["7"]).toEqual({
      ...SILLYTAVERN_WORLD_INFO.entries["7"],
      content: "Dragons sleep.",
      position: 1,
      depth: 4,
      caseSensitive: true,
    });
    expect(written.entries["1"]).toEqual(SILLYTAVERN_WORLD_INFO.entries["1"]);
  });

  it("a book made in Hearth is written with SillyTavern's fields and read back the same", () => {
    const made = makeBook(
      [
        makeEntry({
          id: "3",
          keys: ["a", "/b+/i"],
          use_regex: true,
          secondary_keys: ["c"],
          selective_logic: "not_all",
        }),
        makeEntry({ id: "x", name: "Named", priority: 4, position: "at_depth", depth: 7, probability: 30 }),
        makeEntry({ id: "9", enabled: false, constant: true, case_sensitive: true, match_whole_words: true }),
      ],
      { name: "Made", scan_depth: 12, token_budget: 900, recursive_scanning: false },
    );
    const written = toSillyTavernWorldInfo(made) as { entries: Record<string, Record<string, unknown>> };
    expect(Object.keys(written.entries)).toEqual(["3", "9", "x"]);
    expect(written.entries["3"]).toMatchObject({
      uid: 3,
      key: ["a", "/b+/i"],
      keysecondary: ["c"],
      selectiveLogic: 1,
    });
    expect(written.entries.x).toMatchObject({
      uid: "x",
      comment: "Named",
      position: 4,
      depth: 7,
      hearth_priority: 4,
    });
    const back = fromSillyTavernWorldInfo(throughJson(written));
    // Entries come back in the order of the file's entries object (numeric keys first).
    const byId = (value: Lorebook) => ({
      ...value,
      entries: [...value.entries].sort((a, b) => a.id.localeCompare(b.id)),
    });
    expect(byId(withoutSource(back))).toEqual(byId(withoutSource(made)));
  });
});

describe("character_book", () => {
  it("reads SillyTavern's extension keys in a V2 book", () => {
    const book = fromCharacterBook(throughJson(CHARACTER_BOOK_V2));
    expect(book).toMatchObject({
      name: "Aria's world",
      scan_depth: 8,
      token_budget: 600,
      recursive_scanning: true,
    });
    expect(book.entries[0]).toMatchObject({
      id: "0",
      name: "Harbor",
      position: "after_char",
      secondary_keys: [],
      priority: 10,
    });
    expect(book.entries[1]).toMatchObject({
      id: "1",
      name: "Lighthouse",
      position: "at_depth",
      depth: 3,
      probability: 70,
      selective_logic: "not_all",
      secondary_keys: ["night", "storm"],
      match_whole_words: true,
      priority: 20,
    });
    expect(book.entries[2]).toMatchObject({ id: "3", enabled: false, content: "" });
  });

  it("reads a V3 book's regex keys and keeps decorators in the content; repeated ids are made unique", () => {
    const book = fromCharacterBook(throughJson(CHARACTER_BOOK_V3));
    expect(book.entries[0]).toMatchObject({
      id: "netrunners",
      use_regex: true,
      case_sensitive: true,
      priority: 4,
    });
    expect(book.entries[0]?.content.startsWith("@@depth 2\n")).toBe(true);
    expect(book.entries[1]).toMatchObject({ id: "netrunners~2", depth: 0 });
  });

  it("a book made in Hearth is written as a V3 character_book and read back the same", () => {
    const made = makeBook([
      makeEntry({ id: "1", keys: ["/x/"], use_regex: true, match_whole_words: true, probability: 5 }),
      makeEntry({
        id: "two",
        secondary_keys: ["s"],
        selective_logic: "and_all",
        position: "at_depth",
        depth: 0,
      }),
      makeEntry({ id: "3", name: "", position: "after_char", priority: -3, insertion_order: 7 }),
    ]);
    const written = toCharacterBook(made);
    expect((written.entries as Record<string, unknown>[])[0]).toMatchObject({ id: 1, use_regex: true });
    expect(withoutSource(fromCharacterBook(throughJson(written)))).toEqual(withoutSource(made));
    const file = toV3Lorebook(made);
    expect(file.spec).toBe("lorebook_v3");
    expect(withoutSource(fromV3Lorebook(throughJson(file)))).toEqual(withoutSource(made));
  });

  it("cross-format: a V2 book written as SillyTavern world info keeps its Hearth fields", () => {
    const book = fromCharacterBook(throughJson(CHARACTER_BOOK_V2));
    const back = fromSillyTavernWorldInfo(throughJson(toSillyTavernWorldInfo(book)));
    expect(withoutSource(back).entries.map((entry) => ({ ...entry, extensions: {} }))).toEqual(
      withoutSource(book).entries.map((entry) => ({ ...entry, extensions: {} })),
    );
  });
});

describe("parseLorebookFile", () => {
  it("names the format", () => {
    expect(parseLorebookFile(throughJson(SILLYTAVERN_WORLD_INFO)).format).toBe("sillytavern");
    expect(parseLorebookFile(throughJson(V3_LOREBOOK)).format).toBe("lorebook_v3");
    expect(parseLorebookFile(throughJson(CHARACTER_BOOK_V2)).format).toBe("character_book");
  });

  it("takes a card's book", () => {
    const card = {
      spec: "chara_card_v2",
      spec_version: "2.0",
      data: { name: "A", character_book: CHARACTER_BOOK_V2 },
    };
    expect(parseLorebookFile(throughJson(card)).book.entries).toHaveLength(3);
  });

  it("refuses anything else with a clear error", () => {
    const cases: unknown[] = [
      null,
      [],
      "text",
      { hello: 1 },
      { spec: "lorebook_v3" },
      { spec: "chara_card_v2", data: { name: "A" } },
      { entries: [1] },
      { entries: { "0": "x" } },
      { entries: Array.from({ length: 2001 }, () => ({ keys: [], content: "" })) },
    ];
    for (const value of cases) {
      expect(() => parseLorebookFile(value)).toThrow(LorebookFormatError);
    }
    expect(() => parseLorebookFile({ hello: 1 })).toThrow(/not a lorebook Hearth can read/);
  });

  it("cuts what goes past Hearth's limits and writes the original back", () => {
    const long = {
      entries: {
        "0": { uid: 0, key: ["k".repeat(600)], content: "c".repeat(25_000), comment: "n".repeat(300) },
      },
    };
    const { book } = parseLorebookFile(throughJson(long));
    expect(book.entries[0]?.content).toHaveLength(20_000);
    expect(book.entries[0]?.keys[0]).toHaveLength(500);
    expect(toSillyTavernWorldInfo(book)).toEqual(long);
  });
});

function withoutSource(book: Lorebook): Lorebook {
  const strip = (extensions: Record<string, unknown>) => {
    const { [LOREBOOK_SOURCE_KEY]: _source, ...rest } = extensions;
    return rest;
  };
  return {
    ...book,
    extensions: strip(book.extensions),
    entries: book.entries.map((entry) => ({ ...entry, extensions: strip(entry.extensions) })),
  };
}

describe("SillyTavern entries object keys", () => {
  it("keeps keys that are not the entry's uid", () => {
    const file = {
      entries: { undefined: { key: ["a"] }, "7": { uid: 3, key: ["b"] }, x: { uid: null, content: "" } },
    };
    expect(JSON.stringify(toSillyTavernWorldInfo(fromSillyTavernWorldInfo(throughJson(file))))).toBe(
      JSON.stringify(file),
    );
  });
});

describe("odd values", () => {
  it("a uid of another type is no crash and comes back as it was", () => {
    const file = { entries: { "0": { uid: { toString: 0 } }, "1": { uid: [1] } } };
    const { book } = parseLorebookFile(throughJson(file));
    expect(book.entries.map((entry) => entry.id)).toEqual(["0", "1"]);
    expect(toSillyTavernWorldInfo(book)).toEqual(file);
  });
});
