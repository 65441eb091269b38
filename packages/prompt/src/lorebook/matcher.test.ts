import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileRegexKey, KeyMatcher, requiredLiteral } from "./matcher";

const literal = (key: string): string | null => {
  const regex = compileRegexKey(key);
  if (!regex) throw new Error(`invalid test pattern ${key}`);
  return requiredLiteral(regex);
};

describe("requiredLiteral", () => {
  it("takes the longest top-level run of plain characters", () => {
    expect(literal("/\\bdragon\\w*\\b/")).toBe("dragon");
    expect(literal("/the (red|blue) dragon/")).toBe(" dragon");
    expect(literal("/Dragon/i")).toBe("dragon");
  });

  it("leaves out characters a quantifier makes optional or repeats", () => {
    expect(literal("/dragons?/")).toBe("dragon");
    expect(literal("/drag*on/")).toBe("dra");
    expect(literal("/ab{0,2}cd/")).toBe("cd");
    expect(literal("/ab{2,3}/")).toBeNull();
    expect(literal("/xy+z/")).toBe("xy");
  });

  it("never reads escapes, classes, groups or quantifier bounds as literals", () => {
    expect(literal("/\\p{Script=Greek}+/u")).toBeNull();
    expect(literal("/\\u0041BC/")).toBe("BC");
    expect(literal("/\\x41xyz/")).toBe("xyz");
    expect(literal("/[abc]{10,20}/")).toBeNull();
    expect(literal("/(?:dragon)/")).toBeNull();
    expect(literal("/(?!dragon)\\w+/")).toBeNull();
    expect(literal("/\\.com/")).toBe("com");
  });

  it("gives up on top-level alternatives", () => {
    expect(literal("/dragon|wyrm/")).toBeNull();
  });

  it("under the i and u flags, leaves out s, which also matches the long s", () => {
    expect(literal("/mask/iu")).toBe("ma");
    expect(literal("/mask/i")).toBe("mask");
    expect(literal("/Oath/iu")).toBe("oath");
  });
});

describe("KeyMatcher with regular-expression keys", () => {
  const matches = (key: string, text: string): boolean => {
    const matcher = new KeyMatcher([{ text: key, useRegex: true, caseSensitive: false, wholeWord: false }]);
    const seen = new Uint8Array(1);
    matcher.scan(text, text.toLowerCase(), seen, () => undefined);
    return seen[0] === 1;
  };

  it("agrees with the regular expression whether its literal is there or not", () => {
    const cases: [string, string][] = [
      ["/Oath\\w*/i", "an OATHBREAKER"],
      ["/Oath\\w*/i", "an oat"],
      ["/Oath/", "an oath"],
      ["/Oath/", "an Oath"],
      ["/ma[kK]e/i", "MAKE"],
      ["/ma\\u212Ae/i", "ma\u212Ae"],
      ["/the (red|blue) dragon/", "the blue dragon"],
      ["/the (red|blue) dragon/", "the green dragon"],
    ];
    for (const [key, text] of cases) {
      expect(matches(key, text)).toBe((compileRegexKey(key) as RegExp).test(text));
    }
  });
});

describe("the literal gate (property)", () => {
  const piece = fc.constantFrom(
    "ab",
    "Ab",
    "k",
    "s",
    "I",
    "x?",
    "y*",
    "z+",
    "(ab|c)",
    "[a-c]",
    "\\w",
    ".",
    " ",
    "{",
    "b{1,2}",
    "\\b",
    "\\.",
    "é",
    "Sk",
    "KS",
    "iI",
  );
  const text = fc
    .array(
      fc.constantFrom(
        "a",
        "b",
        "A",
        "B",
        "k",
        "K",
        "\u212A",
        "s",
        "\u017F",
        "i",
        "\u0131",
        "x",
        "y",
        "z",
        "c",
        " ",
        ".",
        "é",
        "É",
      ),
      { maxLength: 14 },
    )
    .map((parts) => parts.join(""));

  it("a regular-expression key matches exactly when its regular expression does", () => {
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 5 }),
        fc.constantFrom("", "i", "u", "iu", "v", "iv"),
        text,
        (pieces, flags, haystack) => {
          const key = `/${pieces.join("")}/${flags}`;
          const regex = compileRegexKey(key);
          fc.pre(regex !== null);
          const matcher = new KeyMatcher([
            { text: key, useRegex: true, caseSensitive: false, wholeWord: false },
          ]);
          const seen = new Uint8Array(1);
          matcher.scan(haystack, haystack.toLowerCase(), seen, () => undefined);
          expect(seen[0] === 1).toBe((regex as RegExp).test(haystack));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
