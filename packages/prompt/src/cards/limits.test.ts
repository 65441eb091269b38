import { describe, expect, it } from "vitest";
import { toCardV3 } from "./convert";
import { CardError } from "./errors";
import { capCardExtras, utf8Length } from "./extras";
import { parseCardJson } from "./json";
import { readCardFromPng, writeCardToPng } from "./png";
import { richCardV3, TINY_PNG } from "./test-fixtures";
import { CARD_MAX_DEPTH, nestsDeeperThan } from "./validate";

const nestedLists = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const v2Text = (data: string) => `{"spec":"chara_card_v2","data":{"name":"Deep",${data}}}`;

function cardError(action: () => unknown): CardError {
  try {
    action();
  } catch (error) {
    if (error instanceof CardError) return error;
    throw error;
  }
  throw new Error("expected a CardError");
}

describe("card nesting depth", () => {
  it("measures depth iteratively, at any depth", () => {
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: [] }] }, 3)).toBe(true);
    expect(nestsDeeperThan("text", 0)).toBe(false);
    expect(nestsDeeperThan(JSON.parse(nestedLists(500_000)), CARD_MAX_DEPTH)).toBe(true);
  });

  it("refuses a card nested deeper than CARD_MAX_DEPTH with a CardError, however deep", () => {
    for (const depth of [CARD_MAX_DEPTH, 5_000, 200_000]) {
      const error = cardError(() => parseCardJson(v2Text(`"extensions":{"deep":${nestedLists(depth)}}`)));
      expect(error.code).toBe("invalid_card");
      expect(error.message).toBe(
        `The character card is nested too deeply (more than ${CARD_MAX_DEPTH} levels).`,
      );
    }
    // In a lorebook entry and in an unknown field too.
    expect(() =>
      parseCardJson(
        v2Text(
          `"character_book":{"entries":[{"keys":[],"content":"","extensions":{"d":${nestedLists(100)}}}]}`,
        ),
      ),
    ).toThrow(CardError);
    expect(() => parseCardJson(v2Text(`"unknown":${nestedLists(100)}`))).toThrow(CardError);
  });

  it("accepts a card just within the depth, and real cards", () => {
    // The card itself, data and extensions are three levels; "deep" may add the rest.
    const parsed = parseCardJson(v2Text(`"extensions":{"deep":${nestedLists(CARD_MAX_DEPTH - 3)}}`));
    expect(parsed.card.data.name).toBe("Deep");
    expect(toCardV3(parsed).data.name).toBe("Deep");
    expect(toCardV3(richCardV3()).data.name).toBe(richCardV3().data.name);
  });

  it("refuses a deep card inside a PNG the same way", () => {
    const deep = JSON.parse(v2Text(`"extensions":{"deep":${nestedLists(CARD_MAX_DEPTH - 3)}}`));
    const png = writeCardToPng(TINY_PNG, deep);
    expect(readCardFromPng(png).card.data.name).toBe("Deep");
    let node: unknown[] = deep.data.extensions.deep;
    while (Array.isArray(node[0])) node = node[0] as unknown[];
    for (let i = 0; i < 1000; i++) {
      const next: unknown[] = [];
      node.push(next);
      node = next;
    }
    expect(() => writeCardToPng(TINY_PNG, deep)).toThrow(CardError);
  });
});

describe("card extras cap", () => {
  const size = (value: unknown) => utf8Length(JSON.stringify(value));

  it("counts UTF-8 bytes", () => {
    expect(utf8Length("aé月🌙")).toBe(1 + 2 + 3 + 4);
    expect(utf8Length("\ud800")).toBe(3);
  });

  it("keeps everything that fits, in the original order", () => {
    const extras = { unknown: 1, personality: "Kind", extensions: { b: 1, a: 2 }, creator: "me" };
    const capped = capCardExtras(extras, 1024);
    expect(capped).toEqual({ extras, dropped: [] });
    expect(Object.keys(capped.extras)).toEqual(["unknown", "personality", "extensions", "creator"]);
  });

  it("keeps spec fields first, then extensions, then unknown fields, within the budget", () => {
    const big = "x".repeat(40_000);
    const extras = {
      junk: big,
      extensions: { huge: big, small: { depth: 2 } },
      personality: "Kind",
      system_prompt: big,
    };
    const capped = capCardExtras(extras, 64 * 1024);
    expect(size(capped.extras)).toBeLessThanOrEqual(64 * 1024);
    expect(capped.extras).toEqual({
      extensions: { small: { depth: 2 } },
      personality: "Kind",
      system_prompt: big,
    });
    expect(capped.dropped).toEqual(["extensions.huge", "junk"]);
  });

  it("keeps a prefix of a long list and of a lorebook's entries", () => {
    const greetings = Array.from({ length: 100 }, (_, i) => `Greeting ${i} ${"g".repeat(100)}`);
    const listOnly = capCardExtras({ alternate_greetings: greetings }, 4 * 1024);
    const keptGreetings = listOnly.extras.alternate_greetings as string[];
    expect(size(listOnly.extras)).toBeLessThanOrEqual(4 * 1024);
    expect(keptGreetings.length).toBeGreaterThan(10);
    expect(keptGreetings).toEqual(greetings.slice(0, keptGreetings.length));
    expect(listOnly.dropped).toEqual(["alternate_greetings"]);

    const entries = Array.from({ length: 100 }, (_, i) => ({ keys: [`k${i}`], content: "c".repeat(100) }));
    const book = { name: "Lore", entries, extensions: {} };
    const few = greetings.slice(0, 5);
    const capped = capCardExtras({ alternate_greetings: few, character_book: book }, 8 * 1024);
    expect(size(capped.extras)).toBeLessThanOrEqual(8 * 1024);
    expect(capped.extras.alternate_greetings).toEqual(few);
    const keptBook = capped.extras.character_book as typeof book;
    expect(keptBook.name).toBe("Lore");
    expect(keptBook.entries.length).toBeGreaterThan(10);
    expect(keptBook.entries).toEqual(entries.slice(0, keptBook.entries.length));
    expect(capped.dropped).toEqual(["character_book"]);
  });

  it("always answers JSON within the budget, even a tiny one", () => {
    const extras = { personality: "p".repeat(50), extensions: { a: "a".repeat(50) }, other: [1, 2, 3] };
    for (const budget of [2, 10, 40, 80, 120, 200]) {
      expect(size(capCardExtras(extras, budget).extras)).toBeLessThanOrEqual(budget);
    }
  });

  it("keeps the card valid: a capped extras still parses as a card", () => {
    const card = richCardV3();
    const { name: _n, description: _d, ...extras } = card.data;
    const capped = capCardExtras(extras, 300);
    const parsed = parseCardJson(JSON.stringify({ ...card, data: { name: "A", ...capped.extras } }));
    expect(parsed.card.data.name).toBe("A");
  });
});
