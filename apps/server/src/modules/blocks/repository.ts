import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { blockedCreators, users } from "../../db/schema";

export async function insertBlock(db: Database, userId: string, creatorUserId: string): Promise<void> {
  await db.insert(blockedCreators).values({ userId, creatorUserId }).onConflictDoNothing();
}

export async function deleteBlock(db: Database, userId: string, creatorUserId: string): Promise<void> {
  await db
    .delete(blockedCreators)
    .where(and(eq(blockedCreators.userId, userId), eq(blockedCreators.creatorUserId, creatorUserId)));
}

export function listBlockedCreators(
  db: Database,
  userId: string,
): Promise<{ id: string; username: string | null }[]> {
  return db
    .select({ id: users.id, username: users.username })
    .from(blockedCreators)
    .innerJoin(users, eq(users.id, blockedCreators.creatorUserId))
    .where(eq(blockedCreators.userId, userId))
    .orderBy(desc(blockedCreators.createdAt));
}

/** Which of the given creators the user blocked. */
export async function blockedAmong(
  db: Database,
  userId: string,
  creatorUserIds: string[],
): Promise<Set<string>> {
  if (creatorUserIds.length === 0) return new Set();
  const rows = await db
    .select({ creatorUserId: blockedCreators.creatorUserId })
    .from(blockedCreators)
    .where(
      and(
        eq(blockedCreators.userId, userId),
        inArray(blockedCreators.creatorUserId, [...new Set(creatorUserIds)]),
      ),
    );
  return new Set(rows.map((row) => row.creatorUserId));
}

export async function blockedCreatorIds(db: Database, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ creatorUserId: blockedCreators.creatorUserId })
    .from(blockedCreators)
    .where(eq(blockedCreators.userId, userId));
  return new Set(rows.map((row) => row.creatorUserId));
}
