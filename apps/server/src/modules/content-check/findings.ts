import { ERROR_MESSAGES } from "@hearth/contracts";

/** The character fields the check reads: persona is the character's description. */
export const CHECKED_FIELDS = [
  "name",
  "title",
  "persona",
  "greeting",
  "scenario",
  "dialogue",
  "tags",
] as const;
export type CheckedField = (typeof CHECKED_FIELDS)[number];

/** A character's text as it will be saved (pass the whole character on an edit, not only the changes). */
export type CharacterText = Partial<Record<Exclude<CheckedField, "tags">, string>> & {
  tags?: readonly string[];
};

/**
 * - `underage`: the embedded rules found an age under 18 or a minor term (terms.ts).
 * - `sexual/minors`: the moderation server flagged that category.
 * - `check_unavailable`: the moderation server could not be asked or answered nonsense; the check fails
 *   safe, so the character needs a review as if it had been flagged.
 */
export type FindingCategory = "underage" | "sexual/minors" | "check_unavailable";
export type FindingEngine = "rules" | "moderation_api";

export type Finding = {
  /** Where: a character field, the image prompt, or null when the whole check could not run. */
  field: CheckedField | "image_prompt" | null;
  category: FindingCategory;
  /**
   * What was found: the listed term ("loli", "menor de edad") or the age as read ("12 years old") for
   * the rules; the category for the moderation server; the reason for `check_unavailable`.
   */
  term: string;
  engine: FindingEngine;
};

/** One line per finding, for an automatic review's details: `name: "loli" (underage, rules)`. */
export function describeFindings(findings: readonly Finding[]): string {
  return findings
    .map(
      (finding) => `${finding.field ?? "check"}: "${finding.term}" (${finding.category}, ${finding.engine})`,
    )
    .join("\n");
}

/** The review's issue label for findings: the first category, e.g. "Automatic check: underage". */
export function reviewIssueOf(findings: readonly Finding[]): string {
  const categories = [...new Set(findings.map((finding) => finding.category))];
  return `Automatic check: ${categories.join(", ") || "none"}`;
}

/** What an image prompt check answers; a refusal carries the chat spec's imagePromptUnderage error. */
export type ImagePromptCheck =
  | { allowed: true; findings: [] }
  | {
      allowed: false;
      findings: Finding[];
      error: { code: "imagePromptUnderage"; message: (typeof ERROR_MESSAGES)["imagePromptUnderage"] };
    };

export function imagePromptCheckOf(findings: Finding[]): ImagePromptCheck {
  if (findings.length === 0) return { allowed: true, findings: [] };
  return {
    allowed: false,
    findings,
    error: { code: "imagePromptUnderage", message: ERROR_MESSAGES.imagePromptUnderage },
  };
}
