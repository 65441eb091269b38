import type { LeaderboardCategory, LeaderboardPrize } from "@hearth/contracts";
import { and, asc, desc, eq, gte, isNotNull, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  characters,
  conversations,
  type LeaderboardEntryRow,
  leaderboardEntries,
  leaderboardMonths,
  messages,
  users,
} from "../../db/schema";
import type { CreatorTally, RankedCreator } from "./ranking";

/** A public character: listed as the public pages list it (public, live, not flagged or held by moderation). */
const PUBLIC_CHARACTER: SQL = sql`${characters.visibility} = 'public' and not ${characters.isDeleted} and not ${characters.isUnderage} and ${characters.moderationStatus} is null`;

/**
 * The characters a category counts for a month: New Bots, those first published (created) in the month;
 * All Bots, every one published before the month ended. Both only while public.
 */
function inCategory(category: LeaderboardCategory, range: { start: Date; end: Date }): SQL {
  const before = lt(characters.createdAt, range.end);
  return category === "new_bots"
    ? (and(PUBLIC_CHARACTER, gte(characters.createdAt, range.start), before) as SQL)
    : (and(PUBLIC_CHARACTER, before) as SQL);
}

/**
 * Each creator's month in a category (README, Creators leaderboard): the score is the number of messages
 * members sent (role `user`) in the month in chats with the creator's characters of the category (a group
 * chat counts for its first character), leaving out the creator's own messages; the number of characters
 * is how many the creator has in the category. Creators without a username are left out (no page to link).
 */
export async function tallyMonth(
  db: Database,
  category: LeaderboardCategory,
  range: { start: Date; end: Date },
): Promise<CreatorTally[]> {
  const scores = db
    .select({
      creatorId: sql<string>`${characters.creatorUserId}`.as("score_creator_id"),
      score: sql<number>`count(*)::int`.as("score"),
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(characters, eq(characters.id, conversations.characterId))
    .where(
      and(
        eq(messages.role, "user"),
        gte(messages.createdAt, range.start),
        lt(messages.createdAt, range.end),
        ne(conversations.userId, characters.creatorUserId),
        inCategory(category, range),
      ),
    )
    .groupBy(characters.creatorUserId)
    .as("scores");
  const counts = db
    .select({
      creatorId: sql<string>`${characters.creatorUserId}`.as("count_creator_id"),
      numberOfCharacters: sql<number>`count(*)::int`.as("number_of_characters"),
    })
    .from(characters)
    .where(inCategory(category, range))
    .groupBy(characters.creatorUserId)
    .as("counts");
  const rows = await db
    .select({
      creatorId: users.id,
      username: users.username,
      avatarUrl: users.avatarUrl,
      numberOfCharacters: counts.numberOfCharacters,
      score: scores.score,
    })
    .from(scores)
    .innerJoin(counts, eq(counts.creatorId, scores.creatorId))
    .innerJoin(users, eq(users.id, scores.creatorId))
    .where(isNotNull(users.username));
  return rows.map((row) => ({
    creatorId: row.creatorId,
    username: row.username ?? "",
    avatarUrl: row.avatarUrl,
    numberOfCharacters: Number(row.numberOfCharacters),
    score: Number(row.score),
  }));
}

/** Closed months, newest first. */
export async function listClosedMonths(db: Database): Promise<string[]> {
  const rows = await db
    .select({ month: leaderboardMonths.month })
    .from(leaderboardMonths)
    .orderBy(desc(leaderboardMonths.month))
    .limit(120);
  return rows.map((row) => row.month);
}

export async function isClosed(db: Database, month: string): Promise<boolean> {
  const [row] = await db
    .select({ month: leaderboardMonths.month })
    .from(leaderboardMonths)
    .where(eq(leaderboardMonths.month, month))
    .limit(1);
  return row !== undefined;
}

/** Months closed whose prizes are not all granted yet. */
export async function monthsAwaitingPrizes(db: Database): Promise<string[]> {
  const rows = await db
    .select({ month: leaderboardMonths.month })
    .from(leaderboardMonths)
    .where(isNull(leaderboardMonths.prizesGrantedAt))
    .orderBy(asc(leaderboardMonths.month));
  return rows.map((row) => row.month);
}

export async function markPrizesGranted(db: Database, month: string, at: Date): Promise<void> {
  await db.update(leaderboardMonths).set({ prizesGrantedAt: at }).where(eq(leaderboardMonths.month, month));
}

/** A closed month's ranks by creator in a category (for the next month's movement). */
export async function storedRanks(
  db: Database,
  month: string,
  category: LeaderboardCategory,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ creatorId: leaderboardEntries.creatorUserId, rank: leaderboardEntries.rank })
    .from(leaderboardEntries)
    .where(and(eq(leaderboardEntries.month, month), eq(leaderboardEntries.category, category)));
  return new Map(rows.flatMap((row) => (row.creatorId ? [[row.creatorId, row.rank] as const] : [])));
}

export type SnapshotEntry = RankedCreator & { category: LeaderboardCategory; prize: LeaderboardPrize | null };

/**
 * Stores a closed month once: the month's row and its entries in one transaction. False when the month
 * was already stored (another run closed it first); its snapshot is then left as it was.
 */
export async function storeSnapshot(
  db: Database,
  month: string,
  closedAt: Date,
  entries: readonly SnapshotEntry[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(leaderboardMonths)
      .values({ month, closedAt })
      .onConflictDoNothing()
      .returning({ month: leaderboardMonths.month });
    if (inserted.length === 0) return false;
    for (let index = 0; index < entries.length; index += 500) {
      await tx.insert(leaderboardEntries).values(
        entries.slice(index, index + 500).map((entry) => ({
          month,
          category: entry.category,
          rank: entry.rank,
          creatorUserId: entry.creatorId,
          creatorUsername: entry.username,
          avatarUrl: entry.avatarUrl,
          numberOfCharacters: entry.numberOfCharacters,
          score: entry.score,
          movement: entry.movement,
          prize: entry.prize,
        })),
      );
    }
    return true;
  });
}

export type StoredEntry = LeaderboardEntryRow & {
  currentUsername: string | null;
  currentAvatarUrl: string | null;
};

/** A closed month's entries of a category up to `maxRank`, by rank, with the creator's current name and avatar. */
export async function listStoredEntries(
  db: Database,
  month: string,
  category: LeaderboardCategory,
  maxRank: number,
): Promise<StoredEntry[]> {
  const rows = await db
    .select({ entry: leaderboardEntries, currentUsername: users.username, currentAvatarUrl: users.avatarUrl })
    .from(leaderboardEntries)
    .leftJoin(users, eq(users.id, leaderboardEntries.creatorUserId))
    .where(
      and(
        eq(leaderboardEntries.month, month),
        eq(leaderboardEntries.category, category),
        sql`${leaderboardEntries.rank} <= ${maxRank}`,
      ),
    )
    .orderBy(asc(leaderboardEntries.rank));
  return rows.map((row) => ({
    ...row.entry,
    currentUsername: row.currentUsername,
    currentAvatarUrl: row.currentAvatarUrl,
  }));
}

/** A closed month's prize winners (entries with a prize and a creator still there). */
export function listPrizeEntries(db: Database, month: string): Promise<LeaderboardEntryRow[]> {
  return db
    .select()
    .from(leaderboardEntries)
    .where(
      and(
        eq(leaderboardEntries.month, month),
        isNotNull(leaderboardEntries.prize),
        isNotNull(leaderboardEntries.creatorUserId),
      ),
    )
    .orderBy(asc(leaderboardEntries.category), asc(leaderboardEntries.rank));
}
