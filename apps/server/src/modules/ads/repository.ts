import { and, asc, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type AdRow, ads, conversations, messages } from "../../db/schema";
import type { ConversationSize } from "./policy";

export type AdValues = Pick<
  AdRow,
  "code" | "text" | "linkUrl" | "imageUrl" | "keywords" | "active" | "startsAt" | "endsAt"
>;

export function listAds(db: Database): Promise<AdRow[]> {
  return db.select().from(ads).orderBy(desc(ads.createdAt), desc(ads.id));
}

export async function countAds(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(ads);
  return row?.n ?? 0;
}

export async function findAd(db: Database, id: string): Promise<AdRow | null> {
  const [row] = await db.select().from(ads).where(eq(ads.id, id)).limit(1);
  return row ?? null;
}

export async function findAdByCode(db: Database, code: string): Promise<AdRow | null> {
  const [row] = await db.select().from(ads).where(eq(ads.code, code)).limit(1);
  return row ?? null;
}

/** Inserts an ad; null when its code is taken (a concurrent insert included). */
export async function insertAd(db: Database, values: AdValues): Promise<AdRow | null> {
  const [row] = await db.insert(ads).values(values).onConflictDoNothing({ target: ads.code }).returning();
  return row ?? null;
}

export async function updateAd(db: Database, id: string, values: AdValues): Promise<AdRow | null> {
  const [row] = await db
    .update(ads)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(ads.id, id))
    .returning();
  return row ?? null;
}

export async function deleteAd(db: Database, id: string): Promise<AdRow | null> {
  const [row] = await db.delete(ads).where(eq(ads.id, id)).returning();
  return row ?? null;
}

/** Ads running at `now`: switched on and within their dates. */
export function runningAds(db: Database, now: Date): Promise<AdRow[]> {
  return db
    .select()
    .from(ads)
    .where(
      and(
        eq(ads.active, true),
        or(isNull(ads.startsAt), lte(ads.startsAt, now)),
        or(isNull(ads.endsAt), gt(ads.endsAt, now)),
      ),
    )
    .orderBy(asc(ads.id));
}

export async function markShown(db: Database, id: string, now: Date): Promise<void> {
  await db.update(ads).set({ lastShownAt: now }).where(eq(ads.id, id));
}

/** The conversation's owner, or null when there is no such conversation. */
export async function conversationOwner(db: Database, id: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: conversations.userId })
    .from(conversations)
    .where(eq(conversations.id, id))
    .limit(1);
  return row?.userId ?? null;
}

/** How many messages the conversation has, and how many of them have no alternates (one version). */
export async function conversationSize(db: Database, id: string): Promise<ConversationSize> {
  const [row] = await db
    .select({
      messages: sql<number>`count(*)::int`,
      withoutAlternates: sql<number>`(count(*) filter (where jsonb_array_length(${messages.alternates}) <= 1))::int`,
    })
    .from(messages)
    .where(eq(messages.conversationId, id));
  return { messages: row?.messages ?? 0, withoutAlternates: row?.withoutAlternates ?? 0 };
}

/** The conversation's newest `limit` messages, newest first. */
export function recentMessages(db: Database, id: string, limit: number) {
  return db
    .select({ id: messages.id, content: messages.content })
    .from(messages)
    .where(eq(messages.conversationId, id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}
