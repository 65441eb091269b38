/**
 * How a chat's ad is chosen (README, Ads), pure so it is tested on its own:
 *
 * 1. Each active ad with keywords scores the number of times its keywords occur in the conversation's
 *    last messages (ADS.recentMessages): case-insensitive, each keyword or phrase matched whole (not
 *    inside a longer word), every occurrence counted.
 * 2. The highest score above zero wins. With no hit at all, the ads without keywords (fallbacks) compete.
 * 3. Ties go to the ad shown longest ago (never shown first), then to chance.
 */

export type AdCandidate = { id: string; keywords: readonly string[]; lastShownAt: Date | null };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Occurrences of `keyword` in `text`, matched whole and case-insensitively. */
export function countKeyword(text: string, keyword: string): number {
  const word = keyword.trim().toLowerCase();
  if (!word) return 0;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, "gu");
  return text.toLowerCase().match(pattern)?.length ?? 0;
}

/** An ad's score: every occurrence of each of its keywords in the messages. */
export function scoreAd(keywords: readonly string[], texts: readonly string[]): number {
  let score = 0;
  for (const keyword of keywords) for (const text of texts) score += countKeyword(text, keyword);
  return score;
}

export type AdChoice<T extends AdCandidate> = { ad: T; matched: number };

/** The ad to show with these messages, or null when none fits (see the file's comment). */
export function chooseAd<T extends AdCandidate>(
  candidates: readonly T[],
  texts: readonly string[],
  random: () => number = Math.random,
): AdChoice<T> | null {
  const scored = candidates.map((ad) => ({ ad, matched: scoreAd(ad.keywords, texts) }));
  const best = Math.max(0, ...scored.map((entry) => entry.matched));
  const pool =
    best > 0
      ? scored.filter((entry) => entry.matched === best)
      : scored.filter((entry) => entry.ad.keywords.length === 0);
  if (pool.length === 0) return null;
  const shownAt = (entry: { ad: T }) => entry.ad.lastShownAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const oldest = Math.min(...pool.map(shownAt));
  const tied = pool.filter((entry) => shownAt(entry) === oldest);
  return tied[Math.min(tied.length - 1, Math.floor(random() * tied.length))] ?? null;
}
