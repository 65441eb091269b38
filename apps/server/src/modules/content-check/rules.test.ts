import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CHECKED_FIELDS,
  type CharacterText,
  type CheckedField,
  describeFindings,
  reviewIssueOf,
} from "./findings";
import { leetReadings, normalize } from "./normalize";
import { checkCharacterRules, checkImagePromptRules, findTerms } from "./rules";
import { AGE_PATTERNS, TERM_LANGUAGES, TERMS } from "./terms";

/** Every listed example, with the term or age label it must be found as. */
const EXAMPLES: { example: string; found: string | null }[] = [
  ...TERMS.flatMap((entry) =>
    (entry.examples ?? [entry.term]).map((example) => ({ example, found: entry.term })),
  ),
  // An age is found as read, so only that something is found is known beforehand.
  ...AGE_PATTERNS.flatMap((entry) => entry.examples.map((example) => ({ example, found: null }))),
];

/** Adult characters written the way creators write them, with the words the list must not confuse. */
const INNOCUOUS: string[] = [
  "Aria is a kind bard who sings in the tavern every night.",
  "She studies the Minor Arcana and reads tarot for travellers.",
  "A minor character in the saga, he runs the docks. He suffered minor injuries in the war.",
  "He belongs to a minority that the empire never trusted.",
  "She took a minor in art history before joining the guard.",
  "Her childhood friend became the captain of the royal guard.",
  "Kindness is her weakness; she is kinder than the other knights.",
  "Between the two moons, the city sleeps.",
  "A 32 years old mercenary. Age: 1200, a vampire who looks 25. Alter: 45.",
  "She is 18 years old and just started university. He is 19yo. Aged 21.",
  "It happened 12 years ago; she has worked there for 15 years.",
  "Il y a 12 ans, elle est partie. Elle a 30 ans et travaille à Paris.",
  "Hace más de 12 años que vive en Madrid. Tiene 25 años.",
  "Lavora qui da più di 10 anni. Ha 34 anni.",
  "Ela tem 28 anos e mora em Lisboa há 12 anos.",
  "Sie ist 27 Jahre alt und arbeitet als Ärztin. Er ist 12 Jahre älter als sie.",
  "Ей 25 лет, она врач. Он работает там 12 лет.",
  "彼女は25歳の魔法使いです。カロリーを気にしている。",
  "Nina is an infantry officer in the northern army.",
  "A high school teacher who loves chemistry and her high school sweetheart.",
  "Gothic lolita fashion, lace and ribbons; she is a fashion designer of twenty-four.",
  "Version 1.5 of the kingdom's laws, chapter 12, page 7.",
  "L'enseignante est minutieuse. Die Ärztin ist freundlich.",
  "正太郎さんは会社員です。",
];

const fieldOf = (findings: { field: string | null }[]) => findings.map((finding) => finding.field);

describe("normalize", () => {
  it("folds width and case, removes invisible characters, unifies dashes and spaces", () => {
    expect(normalize("ＬＯＬＩ")).toBe("loli");
    expect(normalize("１２歳")).toBe("12歳");
    expect(normalize("lo\u200Bli\u00AD")).toBe("loli");
    expect(normalize("12\u2011year\u2013old")).toBe("12-year-old");
    expect(normalize("a \t\n  b")).toBe("a b");
  });

  it("reads basic leetspeak inside words only", () => {
    expect(leetReadings("l0li")).toEqual(["loli"]);
    expect(leetReadings("1oli")).toContain("loli");
    expect(leetReadings("m1nor")).toContain("minor");
    expect(leetReadings("12 years old")).toEqual([]);
    expect(leetReadings("@ge: 12")).toEqual(["age: 12"]);
    expect(leetReadings("plain words")).toEqual([]);
  });
});

describe("the rule list", () => {
  it("covers the languages it documents", () => {
    const languages = new Set([...TERMS, ...AGE_PATTERNS].map((entry) => entry.lang));
    for (const language of ["en", "es", "fr", "de", "pt", "it", "ru", "ja"] as const) {
      expect(languages.has(language), language).toBe(true);
    }
    for (const entry of TERMS) expect(TERM_LANGUAGES).toContain(entry.lang);
  });

  it.each(EXAMPLES)("finds $example", ({ example, found }) => {
    const terms = findTerms(example);
    expect(terms.length, example).toBeGreaterThan(0);
    if (found) expect(terms).toContain(found);
  });

  it.each(INNOCUOUS)("leaves alone: %s", (text) => {
    expect(findTerms(text)).toEqual([]);
  });

  it("finds terms written in other cases, widths, with invisible characters or leetspeak", () => {
    expect(findTerms("LOLI")).toEqual(["loli"]);
    expect(findTerms("ｌｏｌｉ")).toEqual(["loli"]);
    expect(findTerms("lo\u200Bli")).toEqual(["loli"]);
    expect(findTerms("l0li")).toEqual(["loli"]);
    expect(findTerms("sh0ta")).toEqual(["shota"]);
    expect(findTerms("und3rage")).toEqual(["underage"]);
    expect(findTerms("she is a m1nor.")).toEqual(["minor"]);
    expect(findTerms("@ge: 12")).toEqual(["age: 12"]);
    expect(findTerms("Niña")).toEqual(["niña"]);
    expect(findTerms("РЕБЁНОК")).toEqual(["ребёнок"]);
  });

  it("reads ages as numbers: under 18 only, never inside a longer number", () => {
    expect(findTerms("She is 17 years old.")).toEqual(["17 years old"]);
    expect(findTerms("A 12-year-old")).toEqual(["12-year-old"]);
    expect(findTerms("She is 12yo")).toEqual(["12yo"]);
    for (const adult of ["18 years old", "117 years old", "21yo", "age: 18", "age 170", "1.5 years old"]) {
      expect(findTerms(adult), adult).toEqual([]);
    }
  });

  it("reads 'minor' as a noun only", () => {
    expect(findTerms("She is a minor.")).toEqual(["minor"]);
    expect(findTerms("She is a minor")).toEqual(["minor"]);
    expect(findTerms("no minors allowed")).toEqual(["minor"]);
    expect(findTerms("a minor girl")).toEqual(["minor"]);
    expect(findTerms("minor arcana, minor key, minor character")).toEqual([]);
  });

  it("keeps short katakana words whole: ロリ, but not カロリー", () => {
    expect(findTerms("ロリキャラ")).toEqual([]);
    expect(findTerms("ロリです")).toEqual(["ロリ"]);
    expect(findTerms("カロリー")).toEqual([]);
    expect(findTerms("彼女は小学生です")).toEqual(["小学生"]);
    expect(findTerms("彼女は12歳です")).toEqual(["12歳"]);
  });
});

describe("checkCharacterRules", () => {
  it("names the field and the term of each finding, tags one by one", () => {
    const findings = checkCharacterRules({
      name: "Mia",
      title: "A loli witch",
      persona: "She is 12 years old.",
      greeting: "Hello!",
      tags: ["fantasy", "shota"],
    });
    expect(findings).toEqual([
      { field: "title", category: "underage", term: "loli", engine: "rules" },
      { field: "persona", category: "underage", term: "12 years old", engine: "rules" },
      { field: "tags", category: "underage", term: "shota", engine: "rules" },
    ]);
    expect(reviewIssueOf(findings)).toBe("Automatic check: underage");
    expect(describeFindings(findings)).toBe(
      'title: "loli" (underage, rules)\npersona: "12 years old" (underage, rules)\ntags: "shota" (underage, rules)',
    );
  });

  it("finds nothing in an empty or clean character", () => {
    expect(checkCharacterRules({})).toEqual([]);
    expect(checkCharacterRules({ name: "Aria", persona: INNOCUOUS.join(" "), tags: ["fantasy"] })).toEqual(
      [],
    );
  });

  it("checks image prompts the same way", () => {
    expect(checkImagePromptRules("a portrait of a preteen girl")).toEqual([
      { field: "image_prompt", category: "underage", term: "preteen", engine: "rules" },
    ]);
    expect(checkImagePromptRules("a portrait of a knight at dusk")).toEqual([]);
  });
});

/** Innocuous words and phrases to build random text from (none of them, in any order, is flagged). */
const FILLER = [
  "the",
  "knight",
  "walks",
  "through",
  "a",
  "quiet",
  "forest",
  "Minor Arcana",
  "minority",
  "childhood",
  "kindness",
  "between",
  "30 years old",
  "age: 45",
  "tavern",
  "songs",
  "at",
  "dusk",
  "—",
  ",",
  "！",
  "彼女",
  "カロリー",
  "Nina",
  "infantry",
];
const fillerText = fc.array(fc.constantFrom(...FILLER), { maxLength: 12 }).map((words) => words.join(" "));

const randomCase = (text: string, uppers: boolean[]) =>
  [...text].map((char, i) => (uppers[i % Math.max(1, uppers.length)] ? char.toUpperCase() : char)).join("");

describe("properties", () => {
  it("finds any listed example put anywhere in any field, in any case", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...EXAMPLES),
        fc.constantFrom(...CHECKED_FIELDS),
        fc.record(Object.fromEntries(CHECKED_FIELDS.map((field) => [field, fillerText]))),
        fc.nat(),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        ({ example, found }, field: CheckedField, texts: Record<string, string>, at, uppers) => {
          const written = randomCase(example, uppers);
          const fields: CharacterText = {
            name: texts.name ?? "",
            title: texts.title ?? "",
            persona: texts.persona ?? "",
            greeting: texts.greeting ?? "",
            scenario: texts.scenario ?? "",
            dialogue: texts.dialogue ?? "",
            tags: (texts.tags ?? "").split(" ").filter(Boolean),
          };
          if (field === "tags") {
            const tags = [...(fields.tags ?? [])];
            tags.splice(at % (tags.length + 1), 0, written);
            fields.tags = tags;
          } else {
            const words = (fields[field] ?? "").split(" ");
            words.splice(at % (words.length + 1), 0, written);
            fields[field] = words.join(" ");
          }
          const findings = checkCharacterRules(fields);
          expect(fieldOf(findings)).toContain(field);
          if (found) {
            expect(
              findings.filter((finding) => finding.field === field).map((finding) => finding.term),
            ).toContain(found);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("never flags text made of the innocuous words", () => {
    fc.assert(
      fc.property(fillerText, (text) => {
        expect(findTerms(text)).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});
