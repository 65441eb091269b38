import type { Database } from "../../db/client";
import { billingCoupons, billingOffers } from "../../db/schema";

/** The demo seed's coupon and offer (README, Billing): remove them before taking real payments. */
export const DEMO_COUPON = "DEMO10";
export const DEMO_OFFER = "demo-first-month";

/** Part of the first start's demo seed: a 10%-off-once coupon and a $0.99 first month of True Supporter. */
export async function seedDemoBilling(db: Database): Promise<void> {
  await db
    .insert(billingCoupons)
    .values({ code: DEMO_COUPON, percentOff: 10, duration: "once" })
    .onConflictDoNothing();
  await db
    .insert(billingOffers)
    .values({ id: DEMO_OFFER, planId: "basic_1m", firstCyclePriceCents: 99 })
    .onConflictDoNothing();
}
