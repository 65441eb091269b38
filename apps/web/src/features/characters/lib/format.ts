import type { CharacterCard } from "@hearth/contracts";

const compactFormatter = new Intl.NumberFormat("en-US", {
  notation: "compact",
  compactDisplay: "short",
  maximumFractionDigits: 1,
});

const fullFormatter = new Intl.NumberFormat("en-US");

/** 950 → "950", 1234 → "1.2K", 3_400_000 → "3.4M". Negative and non-finite values read as 0. */
export function formatCompactNumber(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return "0";
  return compactFormatter.format(value);
}

/** 1234 → "1,234", for screen-reader labels and tooltips. */
export function formatFullNumber(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return "0";
  return fullFormatter.format(Math.round(value));
}

/** rating_score (0..1) → whole percentage, clamped to 0..100. */
export function ratingPercent(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(100, Math.max(0, Math.round(score * 100)));
}

/**
 * The rating as shown: a percentage only from real votes, "No ratings yet" before the first, with the
 * vote count for the tooltip.
 */
export function ratingText(character: Pick<CharacterCard, "rating_score" | "rating_count">): {
  short: string;
  full: string;
} {
  const { rating_score: score, rating_count: count } = character;
  if (score === null || count <= 0) return { short: "No ratings yet", full: "No ratings yet" };
  const percent = ratingPercent(score);
  return {
    short: `${percent}%`,
    full: `${percent}% positive from ${formatFullNumber(count)} ${count === 1 ? "rating" : "ratings"}`,
  };
}
