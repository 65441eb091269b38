import { LOVEAI_OFFER, SALE_OFFERS } from "@hearth/contracts";
import type { Database } from "../../db/client";
import { billingCoupons, billingOffers } from "../../db/schema";

/** The Easter giveaway's coupon as seeded when missing: 25% off the first payment (README, Sale and promotions). */
export const EASTER_COUPON_PERCENT_OFF = 25;

/**
 * Run at every start: the sale's offers (valid only inside the sale window, which `offerAvailable` checks
 * at checkout), the former partner's ended offer and the Easter giveaway's coupon, each added only when
 * missing, so an operator's edits to the rows stay.
 */
export async function ensurePromotionOffers(db: Database, easterCode: string): Promise<void> {
  await db
    .insert(billingOffers)
    .values([
      ...SALE_OFFERS.map((offer) => ({
        id: offer.id,
        planId: offer.planId,
        firstCyclePriceCents: offer.priceCents,
      })),
      {
        id: LOVEAI_OFFER.id,
        planId: LOVEAI_OFFER.planId,
        firstCyclePriceCents: LOVEAI_OFFER.priceCents,
        expiresAt: new Date(LOVEAI_OFFER.endsAt),
      },
    ])
    .onConflictDoNothing();
  if (easterCode !== "NONE") {
    await db
      .insert(billingCoupons)
      .values({ code: easterCode, percentOff: EASTER_COUPON_PERCENT_OFF, duration: "once" })
      .onConflictDoNothing();
  }
}
