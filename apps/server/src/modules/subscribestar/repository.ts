import { and, eq, gt, isNull, lte } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  type SubscribeStarAttemptRow,
  type SubscribeStarLinkRow,
  subscribestarAttempts,
  subscribestarLinks,
} from "../../db/schema";

export type LinkValues = typeof subscribestarLinks.$inferInsert;

export async function findLink(db: Database, userId: string): Promise<SubscribeStarLinkRow | null> {
  const [row] = await db.select().from(subscribestarLinks).where(eq(subscribestarLinks.userId, userId));
  return row ?? null;
}

export async function findLinkBySubscribeStarUser(
  db: Database,
  subscribestarUserId: string,
): Promise<SubscribeStarLinkRow | null> {
  const [row] = await db
    .select()
    .from(subscribestarLinks)
    .where(eq(subscribestarLinks.subscribestarUserId, subscribestarUserId));
  return row ?? null;
}

/** Writes the member's link (a new one, or the same member linking again, perhaps another account). */
export async function saveLink(db: Database, values: LinkValues): Promise<SubscribeStarLinkRow> {
  const { userId: _userId, ...rest } = values;
  const [row] = await db
    .insert(subscribestarLinks)
    .values(values)
    .onConflictDoUpdate({ target: subscribestarLinks.userId, set: { ...rest, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error("SubscribeStar link was not written");
  return row;
}

export async function updateLink(
  db: Database,
  userId: string,
  values: Partial<Omit<LinkValues, "userId">>,
): Promise<void> {
  await db
    .update(subscribestarLinks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscribestarLinks.userId, userId));
}

/** Links whose pledge is due to be read again. */
export async function dueLinkUserIds(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .select({ userId: subscribestarLinks.userId })
    .from(subscribestarLinks)
    .where(and(eq(subscribestarLinks.status, "active"), lte(subscribestarLinks.nextCheckAt, now)))
    .limit(1000);
  return rows.map((row) => row.userId);
}

export async function insertAttempt(
  db: Database,
  values: { id: string; userId: string; expiresAt: Date },
): Promise<SubscribeStarAttemptRow> {
  const [row] = await db.insert(subscribestarAttempts).values(values).returning();
  if (!row) throw new Error("SubscribeStar attempt was not written");
  return row;
}

/** The member's attempt while it is open (not used, not expired). */
export async function findOpenAttempt(
  db: Database,
  id: string,
  userId: string,
  now: Date,
): Promise<SubscribeStarAttemptRow | null> {
  const [row] = await db
    .select()
    .from(subscribestarAttempts)
    .where(
      and(
        eq(subscribestarAttempts.id, id),
        eq(subscribestarAttempts.userId, userId),
        isNull(subscribestarAttempts.usedAt),
        gt(subscribestarAttempts.expiresAt, now),
      ),
    );
  return row ?? null;
}

/** Uses the attempt up once: false when it was already used (a second tab, a replayed code) or expired. */
export async function claimAttempt(db: Database, id: string, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(subscribestarAttempts)
    .set({ usedAt: now })
    .where(
      and(
        eq(subscribestarAttempts.id, id),
        eq(subscribestarAttempts.userId, userId),
        isNull(subscribestarAttempts.usedAt),
        gt(subscribestarAttempts.expiresAt, now),
      ),
    )
    .returning({ id: subscribestarAttempts.id });
  return rows.length > 0;
}
