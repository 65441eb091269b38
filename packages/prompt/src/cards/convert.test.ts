import { describe, expect, it } from "vitest";
import { toCardV2, toCardV3 } from "./convert";
import { parseCardJson, serializeCardJson } from "./json";
import { richCardV2, richCardV3 } from "./test-fixtures";

describe("card conversions", () => {
  it("V2 to V3 keeps every field and adds what V3 requires", () => {
    const v2 = richCardV2();
    const v3 = toCardV3(v2);
    expect(v3.spec).toBe("chara_card_v3");
    expect(v3.spec_version).toBe("3.0");
    expect(v3.top_level_tool_field).toEqual(v2.top_level_tool_field);
    const { group_only_greetings, character_book, ...rest } = v3.data;
    const { character_book: v2Book, ...v2Rest } = v2.data;
    expect(group_only_greetings).toEqual([]);
    expect(rest).toEqual(v2Rest);
    expect(character_book?.entries.map(({ use_regex, ...entry }) => [use_regex, entry])).toEqual(
      v2Book?.entries.map((entry) => [false, entry]),
    );
    expect({ ...character_book, entries: [] }).toEqual({ ...v2Book, entries: [] });
  });

  it("V3 to V2 drops only the V3-only fields, keeping order", () => {
    const v2 = toCardV2(richCardV3());
    expect(v2).toEqual(richCardV2());
    expect(JSON.stringify(v2)).toBe(JSON.stringify(richCardV2()));
  });

  it("V2 to V3 to V2 gives the original card", () => {
    const card = richCardV2();
    expect(serializeCardJson(toCardV2(toCardV3(card)))).toBe(serializeCardJson(card));
  });

  it("returns the same card for the same spec and never changes the input", () => {
    const v2 = richCardV2();
    const v3 = richCardV3();
    expect(toCardV2(v2)).toEqual(richCardV2());
    expect(toCardV3(v3)).toEqual(richCardV3());
    toCardV3(v2);
    toCardV2(v3);
    expect(v2).toEqual(richCardV2());
    expect(v3).toEqual(richCardV3());
    expect(toCardV2(v2)).not.toBe(v2);
  });

  it("accepts a parsed card, V1 included", () => {
    const parsed = parseCardJson('{"name":"Old","first_mes":"Hi"}');
    const v3 = toCardV3(parsed);
    expect(v3.data.name).toBe("Old");
    expect(v3.data.first_mes).toBe("Hi");
    expect(v3.data.group_only_greetings).toEqual([]);
    expect(toCardV2(parseCardJson(serializeCardJson(richCardV3())))).toEqual(richCardV2());
  });
});
