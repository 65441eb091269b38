import { CHECKED_FIELDS, type CharacterText, type CheckedField, type Finding } from "./findings";
import { leetReadings, normalize } from "./normalize";
import { AGE_PATTERNS, TERMS, type TermBoundary } from "./terms";

/** The embedded check: pure functions over the documented list (terms.ts). */

const LETTER_OR_DIGIT = "[\\p{L}\\p{N}_]";
const KATAKANA = "[\\p{Script=Katakana}\\u30FC]";

function bounded(pattern: string, boundary: TermBoundary): string {
  switch (boundary) {
    case "word":
      return `(?<!${LETTER_OR_DIGIT})(?:${pattern})(?!${LETTER_OR_DIGIT})`;
    case "katakana":
      return `(?<!${KATAKANA})(?:${pattern})(?!${KATAKANA})`;
    case "none":
      return pattern;
  }
}

type CompiledRule = { term: string; regex: RegExp; age: boolean };

const RULES: readonly CompiledRule[] = [
  ...TERMS.map((entry) => ({
    term: entry.term,
    regex: new RegExp(bounded(entry.pattern ?? entry.term, entry.boundary), "u"),
    age: false,
  })),
  ...AGE_PATTERNS.map((entry) => ({ term: entry.label, regex: new RegExp(entry.pattern, "u"), age: true })),
];

/**
 * The listed terms and ages under 18 in a text, each once: a term as listed ("loli"), an age as read
 * ("12 years old"). Every reading of the text counts (plain, and leetspeak undone).
 */
export function findTerms(text: string): string[] {
  const plain = normalize(text);
  if (plain.trim() === "") return [];
  const readings = [plain, ...leetReadings(plain)];
  const found = new Set<string>();
  for (const rule of RULES) {
    for (const reading of readings) {
      const match = rule.regex.exec(reading);
      if (match) {
        found.add(rule.age ? match[0].trim() : rule.term);
        break;
      }
    }
  }
  return [...found];
}

function textsOf(fields: CharacterText): [CheckedField, string][] {
  return CHECKED_FIELDS.flatMap((field): [CheckedField, string][] => {
    if (field === "tags") return (fields.tags ?? []).map((tag): [CheckedField, string] => ["tags", tag]);
    const value = fields[field];
    return value ? [[field, value]] : [];
  });
}

/** The embedded check of a character: one finding per field and term (tags are read one by one). */
export function checkCharacterRules(fields: CharacterText): Finding[] {
  const findings = new Map<string, Finding>();
  for (const [field, text] of textsOf(fields)) {
    for (const term of findTerms(text)) {
      findings.set(`${field}\u0000${term}`, { field, category: "underage", term, engine: "rules" });
    }
  }
  return [...findings.values()];
}

/** The embedded check of an image prompt. */
export function checkImagePromptRules(prompt: string): Finding[] {
  return findTerms(prompt).map((term) => ({
    field: "image_prompt",
    category: "underage",
    term,
    engine: "rules",
  }));
}

/** The texts a moderation server is asked about, in field order (tags as one comma-separated text). */
export function moderationInputsOf(fields: CharacterText): { field: CheckedField; text: string }[] {
  return CHECKED_FIELDS.flatMap((field) => {
    const text = field === "tags" ? (fields.tags ?? []).join(", ") : (fields[field] ?? "");
    return text.trim() ? [{ field, text }] : [];
  });
}
