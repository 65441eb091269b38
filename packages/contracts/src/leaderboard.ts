import { z } from "zod";

/**
 * Creators leaderboard (subscriptions spec 2, 3, 4, 7 and 9): each month, creators are ranked in two
 * categories by the messages members sent to their public characters. Closed months are stored
 * snapshots; the running month is provisional (computed live).
 */

/** Spec 9: 48 hits per page. */
export const LEADERBOARD_PAGE_SIZE = 48;
/** Spec 9: the search cache, 120 seconds. */
export const LEADERBOARD_CACHE_SECONDS = 120;
/** Spec 9: top 25 per category. */
export const LEADERBOARD_TOP = 25;
/** Spec 9: the top 3 of each category win a free month of I'm All In (premium). */
export const LEADERBOARD_PREMIUM_PRIZES = 3;
/** Spec 9: the remaining top 7 win a free month of True Supporter (basic). */
export const LEADERBOARD_BASIC_PRIZES = 7;
/** The tier each prize is a free month of. */
export const LEADERBOARD_PRIZE_ROLES = { premium: "premium", basic: "basic" } as const;

/** The API's category keys and the spec's display names (spec 3: type 'New Bots' or 'All Bots'). */
export const LEADERBOARD_CATEGORIES = ["new_bots", "all_bots"] as const;
export type LeaderboardCategory = (typeof LEADERBOARD_CATEGORIES)[number];
export const LEADERBOARD_TYPE_NAMES = { new_bots: "New Bots", all_bots: "All Bots" } as const;
export const LEADERBOARD_TYPES = ["New Bots", "All Bots"] as const;
export type LeaderboardType = (typeof LEADERBOARD_TYPES)[number];

/** A month as `YYYY-MM` (UTC). */
export const LEADERBOARD_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const leaderboardMonthSchema = z.string().regex(LEADERBOARD_MONTH_PATTERN);

export const leaderboardPrizeSchema = z.enum(["premium", "basic"]);
export type LeaderboardPrize = z.infer<typeof leaderboardPrizeSchema>;

/** Spec 3: a leaderboard entry. */
export const leaderboardEntrySchema = z.object({
  id: z.string(),
  /** The month, `YYYY-MM`. */
  date: z.string(),
  type: z.enum(LEADERBOARD_TYPES),
  /** 1 is first. */
  rank: z.number().int().min(1),
  creator_username: z.string(),
  number_of_characters: z.number().int().min(0),
  /** Messages members sent to the creator's characters in the category that month. */
  score: z.number().int().min(0),
  /** Month-over-month rank change: previous rank minus this rank (positive moved up); 0 when new. */
  movement: z.number().int(),
  avatar_url: z.string().nullable(),
  /** The prize won in this category (closed months only); null otherwise. */
  prize: leaderboardPrizeSchema.nullable(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardMonthEntrySchema = z.object({
  date: z.string(),
  /** The running month: computed live, may still change. */
  provisional: z.boolean(),
});
export type LeaderboardMonth = z.infer<typeof leaderboardMonthEntrySchema>;

/** `GET /api/creators/leaderboard?type=new_bots|all_bots&date=YYYY-MM&page=N` (public). */
export const leaderboardQuerySchema = z.object({
  type: z.enum(LEADERBOARD_CATEGORIES).default("new_bots"),
  /** Unknown, malformed or missing: the newest month (spec 2 and 5). */
  date: z.string().max(32).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

export const leaderboardResponseSchema = z.object({
  /** Newest first; the first is the running (provisional) month. */
  months: z.array(leaderboardMonthEntrySchema),
  /** The month shown (the newest when the asked one is unknown). */
  date: z.string(),
  type: z.enum(LEADERBOARD_CATEGORIES),
  provisional: z.boolean(),
  /** Sorted by rank ascending, at most LEADERBOARD_PAGE_SIZE. */
  hits: z.array(leaderboardEntrySchema),
  page: z.number().int().min(1),
  total_pages: z.number().int().min(0),
  /** Total entries (top LEADERBOARD_TOP at most). */
  total: z.number().int().min(0),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;

/** Score in thousands with one decimal plus 'k' (spec 9): 1234 → '1.2k', 950 → '1.0k'. */
export function formatLeaderboardScore(score: number): string {
  return `${(Math.round(score / 100) / 10).toFixed(1)}k`;
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** `2026-10` → 'October 2026'. */
export function formatLeaderboardMonth(month: string): string {
  const [year, number] = month.split("-");
  return `${MONTH_NAMES[Number(number) - 1] ?? month} ${year ?? ""}`.trim();
}
