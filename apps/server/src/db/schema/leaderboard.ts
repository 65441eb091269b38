import { LEADERBOARD_CATEGORIES } from "@hearth/contracts";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./platform";

/**
 * Creators leaderboard (subscriptions spec 2, 3 and 9). A closed month is a stored snapshot that never
 * changes: one row here when the monthly job closed it (and when its prizes were all granted), its ranked
 * creators in `leaderboard_entries`. The running month is not stored (computed live).
 */
export const leaderboardMonths = pgTable("leaderboard_months", {
  /** `YYYY-MM` (UTC). */
  month: text("month").primaryKey(),
  closedAt: timestamp("closed_at", { withTimezone: true }).notNull(),
  /** Set once every prize of the month went through billing's grant (a rerun grants the rest). */
  prizesGrantedAt: timestamp("prizes_granted_at", { withTimezone: true }),
});

export const leaderboardEntries = pgTable(
  "leaderboard_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    month: text("month")
      .notNull()
      .references(() => leaderboardMonths.month, { onDelete: "cascade" }),
    category: text("category", { enum: LEADERBOARD_CATEGORIES }).notNull(),
    rank: integer("rank").notNull(),
    /** Null once the account is removed; the snapshot keeps the name it had. */
    creatorUserId: uuid("creator_user_id").references(() => users.id, { onDelete: "set null" }),
    creatorUsername: text("creator_username").notNull(),
    avatarUrl: text("avatar_url"),
    numberOfCharacters: integer("number_of_characters").notNull(),
    score: integer("score").notNull(),
    movement: integer("movement").notNull(),
    /** The prize won in this category: a free month of `premium` or `basic`; null for none. */
    prize: text("prize", { enum: ["premium", "basic"] }),
  },
  (t) => [
    uniqueIndex("leaderboard_entries_rank_idx").on(t.month, t.category, t.rank),
    index("leaderboard_entries_creator_idx").on(t.creatorUserId, t.month),
    check(
      "leaderboard_entries_values",
      sql`${t.rank} >= 1 and ${t.score} >= 0 and ${t.numberOfCharacters} >= 0`,
    ),
  ],
);

export type LeaderboardMonthRow = typeof leaderboardMonths.$inferSelect;
export type LeaderboardEntryRow = typeof leaderboardEntries.$inferSelect;
