import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { billingCoupons, billingOffers, characters, users } from "../../db/schema";
import { type CharacterSummary, discoveryFilters, summaryWithCreator } from "../characters/index";

/** The most messaged listed characters, with a tag when one is named (the sale page's categories). */
export function mostPopular(
  db: Database,
  options: { tag: string | null; includeNsfw: boolean; viewerId: string | null; limit: number },
): Promise<CharacterSummary[]> {
  const filters: SQL[] = discoveryFilters(options);
  if (options.tag) filters.push(sql`${characters.tags} @> array[${options.tag}]::text[]`);
  return db
    .select(summaryWithCreator)
    .from(characters)
    .innerJoin(users, eq(users.id, characters.creatorUserId))
    .where(and(...filters))
    .orderBy(desc(characters.numMessages), desc(characters.id))
    .limit(options.limit);
}

export function findOffers(db: Database, ids: readonly string[]) {
  return db
    .select()
    .from(billingOffers)
    .where(inArray(billingOffers.id, [...ids]));
}

export async function findCoupon(db: Database, code: string) {
  const [row] = await db.select().from(billingCoupons).where(eq(billingCoupons.code, code)).limit(1);
  return row ?? null;
}
