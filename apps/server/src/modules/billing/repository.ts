import { and, desc, eq, inArray, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  type BillingCouponRow,
  type BillingCustomerRow,
  type BillingLedgerRow,
  type BillingOfferRow,
  type BillingOrderRow,
  type BillingSubscriptionRow,
  billingCoupons,
  billingCustomers,
  billingLedger,
  billingOffers,
  billingOrders,
  billingSubscriptions,
  billingTaxRates,
} from "../../db/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const LIVE_STATUSES = ["active", "grace", "cancelled"] as const;

export async function findCoupon(db: Database, code: string): Promise<BillingCouponRow | null> {
  const [row] = await db.select().from(billingCoupons).where(eq(billingCoupons.code, code)).limit(1);
  return row ?? null;
}

/** Counts a redemption (the cap was checked when the order was priced). */
export async function countRedemption(db: Database, couponId: string): Promise<void> {
  await db
    .update(billingCoupons)
    .set({ redemptions: sql`${billingCoupons.redemptions} + 1` })
    .where(eq(billingCoupons.id, couponId));
}

export async function findCouponById(db: Database, id: string): Promise<BillingCouponRow | null> {
  const [row] = await db.select().from(billingCoupons).where(eq(billingCoupons.id, id)).limit(1);
  return row ?? null;
}

export async function findOffer(db: Database, id: string): Promise<BillingOfferRow | null> {
  const [row] = await db.select().from(billingOffers).where(eq(billingOffers.id, id)).limit(1);
  return row ?? null;
}

/** The rate for a country and state: the state's own row first, then the country's; 0 without one. */
export async function findTaxRate(db: Database, country: string, state: string): Promise<number> {
  const [row] = await db
    .select({ rateBps: billingTaxRates.rateBps })
    .from(billingTaxRates)
    .where(and(eq(billingTaxRates.country, country), inArray(billingTaxRates.state, [state, ""])))
    .orderBy(desc(billingTaxRates.state))
    .limit(1);
  return row?.rateBps ?? 0;
}

export async function findCustomer(db: Database, userId: string): Promise<BillingCustomerRow | null> {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)).limit(1);
  return row ?? null;
}

export type CustomerValues = Omit<BillingCustomerRow, "updatedAt">;

export async function saveCustomer(db: Database, values: CustomerValues): Promise<void> {
  const { userId: _userId, ...update } = values;
  await db
    .insert(billingCustomers)
    .values(values)
    .onConflictDoUpdate({ target: billingCustomers.userId, set: { ...update, updatedAt: sql`now()` } });
}

export async function updateCustomerCard(
  db: Database,
  userId: string,
  card: Pick<BillingCustomerRow, "cardToken" | "cardLast4" | "cardBrand" | "cardExp">,
): Promise<void> {
  await db
    .update(billingCustomers)
    .set({ ...card, updatedAt: sql`now()` })
    .where(eq(billingCustomers.userId, userId));
}

export async function findLiveSubscription(
  db: Database,
  userId: string,
): Promise<BillingSubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(
      and(eq(billingSubscriptions.userId, userId), inArray(billingSubscriptions.status, [...LIVE_STATUSES])),
    )
    .limit(1);
  return row ?? null;
}

/** The member's subscriptions, the live one first, then newest first. */
export function listSubscriptions(db: Database, userId: string): Promise<BillingSubscriptionRow[]> {
  return db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userId, userId))
    .orderBy(
      sql`case when ${billingSubscriptions.status} in ('active', 'grace', 'cancelled') then 0 else 1 end`,
      desc(billingSubscriptions.createdAt),
    )
    .limit(20);
}

export async function findSubscription(db: Database, id: string): Promise<BillingSubscriptionRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, id)).limit(1);
  return row ?? null;
}

export async function insertSubscription(
  db: Database,
  values: typeof billingSubscriptions.$inferInsert,
): Promise<BillingSubscriptionRow> {
  const [row] = await db.insert(billingSubscriptions).values(values).returning();
  if (!row) throw new Error("Inserting a subscription returned no row");
  return row;
}

export type SubscriptionUpdate = Partial<
  Omit<BillingSubscriptionRow, "id" | "userId" | "createdAt" | "updatedAt" | "orderId" | "processor">
>;

/**
 * Changes a subscription only while it is as the caller read it (same status and recur_at), so a change
 * computed from a stale read does nothing; answers the row when it applied.
 */
export async function updateSubscriptionIf(
  db: Database,
  current: Pick<BillingSubscriptionRow, "id" | "status" | "recurAt">,
  values: SubscriptionUpdate,
): Promise<BillingSubscriptionRow | null> {
  const [row] = await db
    .update(billingSubscriptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(billingSubscriptions.id, current.id),
        eq(billingSubscriptions.status, current.status),
        eq(billingSubscriptions.recurAt, current.recurAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Takes the subscription's charging hold until `until`; false while another charge holds it. */
export async function holdForCharge(db: Database, id: string, now: Date, until: Date): Promise<boolean> {
  const rows = await db
    .update(billingSubscriptions)
    .set({ chargingUntil: until })
    .where(
      and(
        eq(billingSubscriptions.id, id),
        or(isNull(billingSubscriptions.chargingUntil), lt(billingSubscriptions.chargingUntil, now)),
      ),
    )
    .returning({ id: billingSubscriptions.id });
  return rows.length > 0;
}

export async function releaseCharge(db: Database, id: string): Promise<void> {
  await db.update(billingSubscriptions).set({ chargingUntil: null }).where(eq(billingSubscriptions.id, id));
}

/** Subscriptions with work due at `now`: a renewal, the end of a cancelled one, a retry, the end of grace. */
export async function dueSubscriptionIds(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: billingSubscriptions.id })
    .from(billingSubscriptions)
    .where(
      and(
        // SubscribeStar bills its own pledges; its subscriptions end by its lapse job (external-subscriptions.ts).
        ne(billingSubscriptions.platform, "subscribestar"),
        or(
          and(
            inArray(billingSubscriptions.status, ["active", "cancelled"]),
            lte(billingSubscriptions.recurAt, now),
          ),
          and(
            eq(billingSubscriptions.status, "grace"),
            or(lte(billingSubscriptions.graceUntil, now), lte(billingSubscriptions.nextRetryAt, now)),
          ),
        ),
      ),
    )
    .limit(1000);
  return rows.map((row) => row.id);
}

/** Ends every live subscription of a member whose account is being removed. */
export async function endSubscriptionsOf(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(billingSubscriptions)
    .set({
      status: "expired",
      cancelAtPeriodEnd: true,
      endedAt: now,
      nextRetryAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(billingSubscriptions.userId, userId), inArray(billingSubscriptions.status, [...LIVE_STATUSES])),
    );
}

export async function findOrderByKey(db: Database, key: string): Promise<BillingOrderRow | null> {
  const [row] = await db.select().from(billingOrders).where(eq(billingOrders.idempotencyKey, key)).limit(1);
  return row ?? null;
}

export async function findOrderByChallenge(
  db: Database,
  challengeId: string,
): Promise<BillingOrderRow | null> {
  const [row] = await db
    .select()
    .from(billingOrders)
    .where(eq(billingOrders.challengeId, challengeId))
    .limit(1);
  return row ?? null;
}

/** Claims the order's key; null when the key exists, or another order of the member is being charged. */
export async function claimOrder(
  db: Database,
  values: typeof billingOrders.$inferInsert,
): Promise<BillingOrderRow | null> {
  const [row] = await db.insert(billingOrders).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findProcessingOrder(db: Database, userId: string): Promise<BillingOrderRow | null> {
  const [row] = await db
    .select()
    .from(billingOrders)
    .where(and(eq(billingOrders.userId, userId), eq(billingOrders.status, "processing")))
    .limit(1);
  return row ?? null;
}

/**
 * Takes over an order left `processing` (its server stopped while charging): restamps it, if no one else
 * did, so exactly one caller resumes it. The row when taken.
 */
export async function retakeOrder(
  db: Database,
  order: BillingOrderRow,
  staleAfterSeconds: number,
): Promise<BillingOrderRow | null> {
  const [row] = await db
    .update(billingOrders)
    .set({ createdAt: sql`now()` })
    .where(
      and(
        eq(billingOrders.id, order.id),
        eq(billingOrders.status, "processing"),
        lt(billingOrders.createdAt, sql`now() - make_interval(secs => ${staleAfterSeconds})`),
      ),
    )
    .returning();
  return row ?? null;
}

export async function deleteOrder(
  db: Database,
  id: string,
  status: BillingOrderRow["status"],
): Promise<void> {
  await db.delete(billingOrders).where(and(eq(billingOrders.id, id), eq(billingOrders.status, status)));
}

/** Moves an order from one status to the next; the row when it was still in `from`. */
export async function moveOrder(
  db: Database,
  id: string,
  from: BillingOrderRow["status"],
  values: Partial<typeof billingOrders.$inferInsert> & { status: BillingOrderRow["status"] },
): Promise<BillingOrderRow | null> {
  const [row] = await db
    .update(billingOrders)
    .set(values)
    .where(and(eq(billingOrders.id, id), eq(billingOrders.status, from)))
    .returning();
  return row ?? null;
}

/**
 * Moves every order still `pending_3ds` at `now` past its `expires_at` to `expired`, freeing its
 * idempotency key (a new attempt with the same details makes a new order); the expired rows.
 */
export function expirePendingOrders(db: Database, now: Date): Promise<BillingOrderRow[]> {
  return db
    .update(billingOrders)
    .set({
      status: "expired",
      idempotencyKey: sql`${billingOrders.idempotencyKey} || ':expired:' || ${billingOrders.id}`,
    })
    .where(and(eq(billingOrders.status, "pending_3ds"), lte(billingOrders.expiresAt, now)))
    .returning();
}

/** Expires one order if it is still `pending_3ds` past `expires_at` at `now`; the row when it did. */
export async function expireOrder(db: Database, id: string, now: Date): Promise<BillingOrderRow | null> {
  const [row] = await db
    .update(billingOrders)
    .set({
      status: "expired",
      idempotencyKey: sql`${billingOrders.idempotencyKey} || ':expired:' || ${billingOrders.id}`,
    })
    .where(
      and(
        eq(billingOrders.id, id),
        eq(billingOrders.status, "pending_3ds"),
        lte(billingOrders.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export type LedgerValues = typeof billingLedger.$inferInsert;

/** The ledger's charge made with this processor reference (a Stripe PaymentIntent id); null without one. */
export async function findChargeByReference(
  db: Database,
  processor: string,
  reference: string,
): Promise<BillingLedgerRow | null> {
  const [row] = await db
    .select()
    .from(billingLedger)
    .where(
      and(
        eq(billingLedger.kind, "charge"),
        eq(billingLedger.processor, processor),
        eq(billingLedger.processorReference, reference),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Appends an entry unless its idempotency key is already there; true when it was added. */
export async function appendLedger(db: Database, values: LedgerValues): Promise<boolean> {
  const rows = await db
    .insert(billingLedger)
    .values(values)
    .onConflictDoNothing({ target: billingLedger.idempotencyKey })
    .returning({ id: billingLedger.id });
  return rows.length > 0;
}

/** Cents already recorded as refunds under a key prefix (a Stripe payment's refunds). */
export async function sumLedgerByKeyPrefix(db: Database, prefix: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${billingLedger.amountCents}), 0)::int` })
    .from(billingLedger)
    .where(sql`${billingLedger.idempotencyKey} like ${`${prefix.replace(/[\\%_]/g, "\\$&")}%`}`);
  return Number(row?.total ?? 0);
}

export function listLedger(db: Database, userId: string): Promise<BillingLedgerRow[]> {
  return db
    .select()
    .from(billingLedger)
    .where(eq(billingLedger.userId, userId))
    .orderBy(desc(billingLedger.createdAt), desc(billingLedger.id))
    .limit(200);
}
