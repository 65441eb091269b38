import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { blockedCreators, users } from "../../db/schema";
import { announceChange } from "../../kernel/change-feed";

export async function insertBlock(db: Database, userId: string, creatorUserId: string): Promise<void> {
  await db.insert(blockedCreators).values({ userId, creatorUserId }).onConflictDoNothing();
  announceChange("blocked_creators", userId);
}

export async function deleteBlock(db: Database, userId: string, creatorUserId: string): Promise<void> {
  await db
    .delete(blockedCreators)
    .where(and(eq(blockedCreators.userId, userId), eq(blockedCreators.creatorUserId, creatorUserId)));
  announceChange("blocked_creators", userId);
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

export async function blockedCreatorIds(db: Database, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ creatorUserId: blockedCreators.creatorUserId })
    .from(blockedCreators)
    .where(eq(blockedCreators.userId, userId));
  return new Set(rows.map((row) => row.creatorUserId));
}
