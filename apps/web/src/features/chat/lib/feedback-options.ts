import { MESSAGE_RATING_WORDS } from "@hearth/contracts";

export type RatingWord = (typeof MESSAGE_RATING_WORDS)[number];

/** Follow-up reasons offered after picking a rating word (chat spec 4: each word has reason labels). */
export const RATING_REASONS: Record<RatingWord, readonly string[]> = {
  Terrible: ["Out of character", "Nonsense", "Repetitive", "Ignored my message"],
  Bad: ["Too short", "Too long", "Boring", "Wrong details"],
  Great: ["In character", "Creative", "Good pacing", "Funny"],
  Fantastic: ["Immersive", "Emotional", "Surprising", "Perfect length"],
};

/** The star value (1-4) the server stores for a rating word. */
export function ratingValue(word: RatingWord): number {
  return MESSAGE_RATING_WORDS.indexOf(word) + 1;
}

export function ratingWord(value: number | null): RatingWord | null {
  return value ? (MESSAGE_RATING_WORDS[value - 1] ?? null) : null;
}

/** How long the 'Thanks for your feedback' note stays (chat spec 9: feedback note 7 s). */
export const FEEDBACK_NOTE_MS = 7000;

/** Report reasons for a message (chat spec 4, report flow). */
export const REPORT_OPTIONS = [
  "Sexual content involving minors",
  "Violence or self-harm",
  "Hate speech or harassment",
  "Illegal activity",
  "Spam or gibberish",
  "Something else",
] as const;
