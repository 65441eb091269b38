import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  Automaton,
  boundedPattern,
  compileRegexKey,
  KEY_CHARS_MAX,
  KeyMatcher,
  REGEX_SCAN_CHARS_MAX,
  requiredLiteral,
} from "./matcher";

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
    expect(literal("/ab{2,3}/")).toBe("ab");
    expect(literal("/xab{0,3}/")).toBe("xa");
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

describe("boundedPattern", () => {
  it("bounds repeats and keeps the rest as written", () => {
    expect(boundedPattern("\\bkael\\w*\\b", false)).toBe("\\bkael\\w{0,256}\\b");
    expect(boundedPattern("drag(on)?s?", false)).toBe("drag(on)?s?");
    expect(boundedPattern("a+?b", false)).toBe("a{1,256}?b");
    expect(boundedPattern("a{2,}", false)).toBe("a{2,256}");
    expect(boundedPattern("a{3}b{1,5}", false)).toBe("a{3}b{1,5}");
    expect(boundedPattern("[*+?]x(?:ab)(?<n>c)(?<=d)\\p{L}", false)).toBe("[*+?]x(?:ab)(?<n>c)(?<=d)\\p{L}");
  });

  it("refuses patterns a backtracking engine could take too long on", () => {
    for (const pattern of [
      "(a+)+",
      "(\\w*)*x",
      "(a|aa)+",
      "(?:\\s|,)*",
      ".*.*x",
      "a*b+",
      "a?b?c?d?e?",
      "(a)\\1",
      "a{300}",
    ]) {
      expect(boundedPattern(pattern, false)).toBeNull();
    }
  });

  it("keeps even a hostile key fast over a long text", () => {
    const hostile = ["/.*zq$/", "/[a-z ]*zq$/", "/(?:the )?(?:a )?x?[a-z ]*zq$/"];
    const text = `${"the quick brown fox jumps over the lazy dog ".repeat(1500)}zq!`;
    for (const key of hostile) {
      const matcher = new KeyMatcher([{ text: key, useRegex: true, caseSensitive: false, wholeWord: false }]);
      const started = Date.now();
      matcher.scan(text, text.toLowerCase(), new Uint8Array(1), () => undefined);
      expect(Date.now() - started).toBeLessThan(400);
    }
  });

  it("reads regular-expression keys only in the newest REGEX_SCAN_CHARS_MAX characters", () => {
    const matcher = new KeyMatcher([
      { text: "/needle/", useRegex: true, caseSensitive: false, wholeWord: false },
    ]);
    const seen = new Uint8Array(1);
    const text = `needle${"x".repeat(REGEX_SCAN_CHARS_MAX)}`;
    matcher.scan(text, text, seen, () => undefined);
    expect(seen[0]).toBe(0);
    let end = -1;
    const late = `${"x".repeat(REGEX_SCAN_CHARS_MAX)}needle`;
    matcher.scan(late, late, seen, (_key, at) => {
      end = at;
    });
    expect(end).toBe(late.length);
  });
});

describe("Automaton", () => {
  const occurrences = (automaton: Automaton, text: string): string[] => {
    const found: string[] = [];
    automaton.scan(text, new Uint8Array(automaton.lengths.length), (pattern, end) => {
      found.push(`${pattern}@${end}`);
      return false;
    });
    return found.sort();
  };

  it("dense and sparse find every occurrence a naive search finds", () => {
    const unit = fc.constantFrom("a", "b", "c", "東", "京", "都", "🐉");
    const word = fc.array(unit, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { minLength: 1, maxLength: 8 }),
        fc.array(unit, { maxLength: 30 }),
        (patterns, parts) => {
          const text = parts.join("");
          const naive: string[] = [];
          patterns.forEach((pattern, id) => {
            for (let at = text.indexOf(pattern); at >= 0; at = text.indexOf(pattern, at + 1)) {
              naive.push(`${id}@${at + pattern.length}`);
            }
          });
          naive.sort();
          expect(occurrences(new Automaton(patterns), text)).toEqual(naive);
          expect(occurrences(new Automaton(patterns, 0), text)).toEqual(naive);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("a book's keys past KEY_CHARS_MAX characters never match", () => {
    const long = "x".repeat(KEY_CHARS_MAX);
    const matcher = new KeyMatcher([
      { text: long, useRegex: false, caseSensitive: false, wholeWord: false },
      { text: "late", useRegex: false, caseSensitive: false, wholeWord: false },
    ]);
    expect(matcher.keys.map((key) => key.kind)).toEqual(["plain", "never"]);
  });
});
