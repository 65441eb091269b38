import { describe, expect, it } from "vitest";
import { CardError } from "./errors";
import { parseCardJson, serializeCardJson } from "./json";
import type { CardV2 } from "./schema";
import { richCardV2, richCardV3 } from "./test-fixtures";

function cardError(action: () => unknown): CardError {
  try {
    action();
  } catch (error) {
    if (error instanceof CardError) return error;
    throw error;
  }
  throw new Error("expected a CardError");
}

describe("JSON cards", () => {
  it("round trips a V2 card with a lorebook, greetings, unicode and unknown fields", () => {
    const card = richCardV2();
    const text = serializeCardJson(card);
    const parsed = parseCardJson(text);
    expect(parsed).toEqual({ spec: "v2", card });
    expect(serializeCardJson(parsed.card)).toBe(text);
    // Key order is kept everywhere, unknown fields included.
    expect(text).toBe(`${JSON.stringify(card, null, 2)}\n`);
  });

  it("round trips a V3 card", () => {
    const card = richCardV3();
    const text = serializeCardJson(card);
    const parsed = parseCardJson(text);
    expect(parsed).toEqual({ spec: "v3", card });
    expect(serializeCardJson(parsed.card)).toBe(text);
    expect(text).toBe(`${JSON.stringify(card, null, 2)}\n`);
  });

  it("keeps unknown fields in their original order, even before known ones", () => {
    const text = JSON.stringify({
      zeta: 1,
      data: { extra: true, name: "A", extensions: { b: 1, a: 2 } },
      spec_version: "2.0",
      spec: "chara_card_v2",
    });
    const card = parseCardJson(text).card;
    expect(Object.keys(card)).toEqual(["zeta", "data", "spec_version", "spec"]);
    expect(Object.keys(card.data).slice(0, 3)).toEqual(["extra", "name", "extensions"]);
    expect(Object.keys(card.data.extensions)).toEqual(["b", "a"]);
  });

  it("keeps __proto__ keys as plain data", () => {
    const text =
      '{"spec":"chara_card_v2","__proto__":{"top":1},"data":{"name":"A","extensions":{"__proto__":{"x":1}}}}';
    const card = parseCardJson(text).card;
    expect(Object.getPrototypeOf(card)).toBe(Object.prototype);
    expect(JSON.stringify(card)).toContain('"__proto__":{"top":1}');
    expect(JSON.stringify(card.data.extensions)).toBe('{"__proto__":{"x":1}}');
  });

  it("fills missing or null fields with empty values", () => {
    const text = JSON.stringify({
      spec: "chara_card_v2",
      data: {
        name: "Minimal",
        description: null,
        character_book: null,
        tags: null,
        extensions: null,
      },
    });
    const { card } = parseCardJson(`\uFEFF${text}`);
    expect(card).toEqual({
      spec: "chara_card_v2",
      spec_version: "2.0",
      data: {
        name: "Minimal",
        description: "",
        tags: [],
        extensions: {},
        personality: "",
        scenario: "",
        first_mes: "",
        mes_example: "",
        creator_notes: "",
        system_prompt: "",
        post_history_instructions: "",
        alternate_greetings: [],
        creator: "",
        character_version: "",
      },
    });
    expect("character_book" in card.data).toBe(false);
  });

  it("fills lorebook entry defaults", () => {
    const text = JSON.stringify({
      spec: "chara_card_v3",
      spec_version: "3.0",
      data: { name: "A", character_book: { entries: [{ keys: ["k"], content: "c" }] } },
    });
    const parsed = parseCardJson(text);
    expect(parsed.spec).toBe("v3");
    expect(parsed.card.data.character_book).toEqual({
      entries: [
        { keys: ["k"], content: "c", extensions: {}, enabled: true, insertion_order: 0, use_regex: false },
      ],
      extensions: {},
    });
  });

  it("imports a V1 card into the V2 shape, keeping its other fields", () => {
    const v1 = {
      name: "Old Bot",
      description: "desc",
      personality: "pers",
      scenario: "scen",
      first_mes: "Hi! 👋",
      mes_example: "<START>",
      avatar: "none",
      talkativeness: "0.5",
      create_date: "2023-1-1 @10h",
    };
    const expected: CardV2 = {
      spec: "chara_card_v2",
      spec_version: "2.0",
      data: {
        name: "Old Bot",
        description: "desc",
        personality: "pers",
        scenario: "scen",
        first_mes: "Hi! 👋",
        mes_example: "<START>",
        creator_notes: "",
        system_prompt: "",
        post_history_instructions: "",
        alternate_greetings: [],
        tags: [],
        creator: "",
        character_version: "",
        extensions: {},
      },
      avatar: "none",
      talkativeness: "0.5",
      create_date: "2023-1-1 @10h",
    };
    expect(parseCardJson(JSON.stringify(v1))).toEqual({ spec: "v1", card: expected });
  });

  it.each([
    ["not JSON", "{name:", "invalid_card", "The character card is not valid JSON."],
    ["an array", "[1]", "invalid_card", "The character card is not a JSON object."],
    [
      "a V2 card without a name",
      '{"spec":"chara_card_v2","data":{}}',
      "invalid_card",
      "The card is missing a name.",
    ],
    [
      "a blank name",
      '{"spec":"chara_card_v2","data":{"name":"  "}}',
      "invalid_card",
      "The card is missing a name.",
    ],
    ["a V1 card without a name", '{"description":"x"}', "invalid_card", "The card is missing a name."],
    ["a card without data", '{"spec":"chara_card_v3"}', "invalid_card", "The card has no data section."],
    [
      "a field of the wrong type",
      '{"spec":"chara_card_v2","data":{"name":"A","tags":"a,b"}}',
      "invalid_card",
      'The card\'s "data.tags" field should be a list.',
    ],
    [
      "a bad lorebook entry",
      '{"spec":"chara_card_v2","data":{"name":"A","character_book":{"entries":[{"keys":[1]}]}}}',
      "invalid_card",
      'The card\'s "data.character_book.entries.0.keys.0" field should be text.',
    ],
    [
      "an unknown spec",
      '{"spec":"chara_card_v9","data":{"name":"A"}}',
      "unsupported_spec",
      'This character card uses "chara_card_v9", which Hearth cannot read. Use a Character Card V1, V2 or V3.',
    ],
    ["a spec that is not text", '{"spec":2,"data":{"name":"A"}}', "unsupported_spec", undefined],
  ])("rejects %s", (_label, text, code, message) => {
    const error = cardError(() => parseCardJson(text));
    expect(error.code).toBe(code);
    if (message) expect(error.message).toBe(message);
  });

  it("refuses to serialize an invalid card", () => {
    const card = richCardV2();
    card.data.name = "";
    expect(cardError(() => serializeCardJson(card)).code).toBe("invalid_card");
  });

  it("serializes a small card as expected", () => {
    const card: CardV2 = {
      spec: "chara_card_v2",
      spec_version: "2.0",
      data: {
        name: "Mira",
        description: "A cheerful cartographer.",
        personality: "curious",
        scenario: "",
        first_mes: "Where to today?",
        mes_example: "",
        creator_notes: "",
        system_prompt: "",
        post_history_instructions: "",
        alternate_greetings: ["Got a map?"],
        tags: ["adventure"],
        creator: "hearth",
        character_version: "1",
        extensions: { hearth: { example: true } },
      },
    };
    expect(serializeCardJson(card)).toMatchSnapshot();
  });
});
