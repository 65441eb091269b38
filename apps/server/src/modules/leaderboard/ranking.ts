import {
  LEADERBOARD_BASIC_PRIZES,
  LEADERBOARD_CATEGORIES,
  LEADERBOARD_PREMIUM_PRIZES,
  type LeaderboardCategory,
  type LeaderboardPrize,
} from "@hearth/contracts";

/** A creator's month in one category, before ranking. */
export type CreatorTally = {
  creatorId: string;
  username: string;
  avatarUrl: string | null;
  numberOfCharacters: number;
  score: number;
};

export type RankedCreator = CreatorTally & { rank: number; movement: number };

/**
 * Ranks the creators with a score above 0: score descending, then username ascending (usernames are
 * unique, so every creator gets its own rank 1, 2, 3 ...). Movement is the previous month's rank in the
 * same category minus this rank (positive: moved up), 0 for a creator not ranked the month before.
 */
export function rankCreators(
  tallies: readonly CreatorTally[],
  previousRanks: ReadonlyMap<string, number>,
): RankedCreator[] {
  return tallies
    .filter((tally) => tally.score > 0)
    .sort((a, b) => b.score - a.score || (a.username < b.username ? -1 : a.username > b.username ? 1 : 0))
    .map((tally, index) => {
      const rank = index + 1;
      const previous = previousRanks.get(tally.creatorId);
      return { ...tally, rank, movement: previous === undefined ? 0 : previous - rank };
    });
}

export type PrizeAward = { category: LeaderboardCategory; creatorId: string; prize: LeaderboardPrize };

/**
 * The month's prizes (spec 9; README, Creators leaderboard). Tiers are given best first: each category,
 * New Bots first, takes its LEADERBOARD_PREMIUM_PRIZES best-ranked creators not already awarded; then
 * each category, New Bots first, takes its next LEADERBOARD_BASIC_PRIZES. So a creator who places in
 * both categories keeps the better prize (New Bots' on an equal prize), is passed over in the other, and
 * that category's next creator moves up: no one wins in both categories in one month.
 */
export function allocatePrizes(
  rankings: Readonly<Record<LeaderboardCategory, readonly Pick<RankedCreator, "creatorId" | "rank">[]>>,
): PrizeAward[] {
  const awarded = new Set<string>();
  const awards: PrizeAward[] = [];
  const tiers: [LeaderboardPrize, number][] = [
    ["premium", LEADERBOARD_PREMIUM_PRIZES],
    ["basic", LEADERBOARD_BASIC_PRIZES],
  ];
  for (const [prize, count] of tiers) {
    for (const category of LEADERBOARD_CATEGORIES) {
      const ordered = [...rankings[category]].sort((a, b) => a.rank - b.rank);
      let given = 0;
      for (const entry of ordered) {
        if (given === count) break;
        if (awarded.has(entry.creatorId)) continue;
        awarded.add(entry.creatorId);
        awards.push({ category, creatorId: entry.creatorId, prize });
        given++;
      }
    }
  }
  return awards;
}

// Months are `YYYY-MM` in UTC.

export function monthOf(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

function parseMonth(month: string): { year: number; index: number } {
  const [year, monthNumber] = month.split("-").map(Number);
  return { year: year ?? 1970, index: (monthNumber ?? 1) - 1 };
}

/** The month's first instant and the next month's first instant. */
export function monthRange(month: string): { start: Date; end: Date } {
  const { year, index } = parseMonth(month);
  return { start: new Date(Date.UTC(year, index, 1)), end: new Date(Date.UTC(year, index + 1, 1)) };
}

export function addMonths(month: string, count: number): string {
  const { year, index } = parseMonth(month);
  return monthOf(new Date(Date.UTC(year, index + count, 1)));
}

/**
 * The months the monthly job closes at `now`: each month after the newest stored one up to the month
 * before `now` (oldest first, at most `limit`), or only the month before `now` when none is stored yet
 * (earlier months are not backfilled).
 */
export function monthsToClose(now: Date, newestStored: string | null, limit = 12): string[] {
  const last = addMonths(monthOf(now), -1);
  if (newestStored === null) return [last];
  const months: string[] = [];
  for (
    let month = addMonths(newestStored, 1);
    month <= last && months.length < limit;
    month = addMonths(month, 1)
  ) {
    months.push(month);
  }
  return months;
}
