import {
  type EasterCode,
  LOVEAI_OFFER,
  type LoveaiPromo,
  PAID_ROLES,
  PLANS,
  PROMOTION_TEXTS,
  SALE_BANNER_PRICE_CENTS,
  SALE_CATEGORIES,
  SALE_OFFER_IDS,
  SALE_OFFERS,
  SALE_POPULAR_PER_CATEGORY,
  type SaleOffer,
  type SalePage,
  type SaleStatus,
} from "@hearth/contracts";
import type { ServerConfig } from "../../config";
import type { Database } from "../../db/client";
import { AppError } from "../../http/errors";
import type { Clock } from "../../kernel/clock";
import { presentSummaries, type Viewer } from "../characters/index";
import { can, type PromotionActor } from "./policy";
import { findCoupon, findOffers, mostPopular } from "./repository";
import { saleWindowAt } from "./window";

export type PromotionDeps = {
  db: Database;
  config: Pick<ServerConfig, "sale" | "communityLinks" | "easterCode">;
  clock: Clock;
};

const saleNotRunning = () => new AppError(404, "not_found", "The sale is not running.");

/**
 * Checkout's gate for offers beyond their own rows (billing's `offerAvailable`): the sale's offers only
 * inside the sale window, by the same clock billing reads.
 */
export function saleOfferAvailability(sale: ServerConfig["sale"]): (offerId: string, now: Date) => boolean {
  return (offerId, now) => !SALE_OFFER_IDS.includes(offerId) || saleWindowAt(now, sale).active;
}

export function createPromotionService({ db, config, clock }: PromotionDeps) {
  function status(partner: boolean): SaleStatus {
    const window = saleWindowAt(clock.now(), config.sale);
    return {
      active: window.active && !partner,
      starts_at: window.startsAt.toISOString(),
      ends_at: window.endsAt.toISOString(),
      banner_price: SALE_BANNER_PRICE_CENTS,
    };
  }

  /** The sale's offers as stored (an operator may change a price or switch one off), in tier order. */
  async function saleOffers(): Promise<{ firstMonth: SaleOffer[]; annual: SaleOffer[] }> {
    const rows = new Map((await findOffers(db, SALE_OFFER_IDS)).map((row) => [row.id, row]));
    const now = clock.now().getTime();
    const offers = SALE_OFFERS.flatMap((offer): SaleOffer[] => {
      const row = rows.get(offer.id);
      if (!row?.active || row.planId !== offer.planId) return [];
      if (row.expiresAt && row.expiresAt.getTime() <= now) return [];
      const plan = PLANS[offer.planId];
      return [
        {
          role: offer.role,
          name: plan.name,
          plan_id: offer.planId,
          offer_id: offer.id,
          price: row.firstCyclePriceCents,
          list_price: plan.price,
          percent_off: Math.round((1 - row.firstCyclePriceCents / plan.price) * 100),
        },
      ];
    });
    const byTier = (a: SaleOffer, b: SaleOffer) => PAID_ROLES.indexOf(a.role) - PAID_ROLES.indexOf(b.role);
    return {
      firstMonth: offers.filter((o) => o.plan_id.endsWith("_1m")).sort(byTier),
      annual: offers.filter((o) => o.plan_id.endsWith("_1y")).sort(byTier),
    };
  }

  async function page(viewer: Viewer, partner: boolean): Promise<SalePage> {
    const current = status(partner);
    if (!current.active) throw saleNotRunning();
    const [offers, ...popular] = await Promise.all([
      saleOffers(),
      ...SALE_CATEGORIES.map(async (category) => {
        const rows = await mostPopular(db, {
          tag: category.tag,
          includeNsfw: viewer.allowsNsfw,
          viewerId: viewer.userId,
          limit: SALE_POPULAR_PER_CATEGORY,
        });
        return {
          name: category.name,
          tag: category.tag,
          characters: await presentSummaries(db, viewer, rows),
        };
      }),
    ]);
    return {
      starts_at: current.starts_at,
      ends_at: current.ends_at,
      banner_price: current.banner_price,
      first_month: offers.firstMonth,
      annual: offers.annual,
      popular,
      community: config.communityLinks,
    };
  }

  async function loveai(): Promise<LoveaiPromo> {
    const [row] = await findOffers(db, [LOVEAI_OFFER.id]);
    const endsAt = row?.expiresAt ?? new Date(LOVEAI_OFFER.endsAt);
    return {
      offer_id: LOVEAI_OFFER.id,
      plan_id: LOVEAI_OFFER.planId,
      price: row?.firstCyclePriceCents ?? LOVEAI_OFFER.priceCents,
      percent_off: LOVEAI_OFFER.percentOff,
      trial_days: LOVEAI_OFFER.trialDays,
      ends_at: endsAt.toISOString(),
      ended: !row?.active || endsAt.getTime() <= clock.now().getTime(),
    };
  }

  /** The Easter code for active subscribers; others get 403 with the spec's message and no code. */
  async function easterCode(actor: PromotionActor): Promise<EasterCode> {
    if (!can(actor, "see_easter_code", null)) {
      throw new AppError(403, "forbidden", PROMOTION_TEXTS.easterNonPremium);
    }
    const coupon = config.easterCode === "NONE" ? null : await findCoupon(db, config.easterCode);
    const now = clock.now().getTime();
    if (!coupon?.active || (coupon.expiresAt && coupon.expiresAt.getTime() <= now)) {
      throw new AppError(404, "not_found", "There is no Easter giveaway right now.");
    }
    return {
      code: coupon.code,
      percent_off: coupon.percentOff,
      amount_off: coupon.amountOffCents,
      expires_at: coupon.expiresAt?.toISOString() ?? null,
    };
  }

  return { status, page, loveai, easterCode };
}

export type PromotionService = ReturnType<typeof createPromotionService>;
