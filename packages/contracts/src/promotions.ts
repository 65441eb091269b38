import { z } from "zod";
import { type PaidRole, type PlanId, paidRoleSchema, planIdSchema } from "./billing";
import { characterCardSchema } from "./characters";

/**
 * Sale, birthday banner and promotions (subscriptions spec 2, 4 and 9; account spec 2.13 and 6). The sale
 * runs every year between two days (SALE_START and SALE_END, MM-DD, inclusive, in UTC); its prices are
 * checkout offers (`billing_offers`) that the server accepts only inside that window. Money is cents.
 */

/** Spec 9: the sale's first-month discounts, per tier in order (Get a Taste, True Supporter, I'm All In). */
export const SALE_FIRST_MONTH_PERCENT_OFF: Record<PaidRole, number> = { minimal: 80, basic: 50, premium: 56 };
/** Spec 9: the sale's annual prices in cents (36, 110 and 180 dollars). */
export const SALE_ANNUAL_PRICE_CENTS: Record<PaidRole, number> = {
  minimal: 3600,
  basic: 11000,
  premium: 18000,
};
/** Spec 9: the birthday banner's price, Get a Taste's first month in the sale. */
export const SALE_BANNER_PRICE_CENTS = 99;

/**
 * The sale's offers (`billing_offers` ids, seeded on every start unless present): each tier's first month
 * at its discount (`minimal` 499 → 99, `basic` 1499 → 749, `premium` 2499 → 1099: 80, 50 and 56 percent
 * off, rounded down to a price ending in 9) and each tier's first year at the sale's annual price.
 */
export const SALE_OFFERS: readonly { id: string; planId: PlanId; role: PaidRole; priceCents: number }[] = [
  { id: "sale-minimal-1m", planId: "minimal_1m", role: "minimal", priceCents: SALE_BANNER_PRICE_CENTS },
  { id: "sale-basic-1m", planId: "basic_1m", role: "basic", priceCents: 749 },
  { id: "sale-premium-1m", planId: "premium_1m", role: "premium", priceCents: 1099 },
  {
    id: "sale-minimal-1y",
    planId: "minimal_1y",
    role: "minimal",
    priceCents: SALE_ANNUAL_PRICE_CENTS.minimal,
  },
  { id: "sale-basic-1y", planId: "basic_1y", role: "basic", priceCents: SALE_ANNUAL_PRICE_CENTS.basic },
  {
    id: "sale-premium-1y",
    planId: "premium_1y",
    role: "premium",
    priceCents: SALE_ANNUAL_PRICE_CENTS.premium,
  },
];
export const SALE_OFFER_IDS: readonly string[] = SALE_OFFERS.map((offer) => offer.id);

/** Spec 2: the popular-characters categories; a category is a tag (none for Overall). */
export const SALE_CATEGORIES = [
  { name: "Overall", tag: null },
  { name: "Anime", tag: "anime" },
  { name: "Game", tag: "game" },
] as const;
export const SALE_POPULAR_PER_CATEGORY = 6;

/** Spec 2, /promo/loveai: the former partner's offer, ended. */
export const LOVEAI_OFFER = {
  id: "loveai",
  planId: "basic_1m" as PlanId,
  priceCents: 1000,
  percentOff: 33,
  trialDays: 14,
  /** "Offer until December 31st 2023": the last day, in UTC; it ends when 2024 begins. */
  endsAt: "2024-01-01T00:00:00.000Z",
  endsLabel: "December 31st 2023",
} as const;

/** The checkout's answer to an offer that ended, is outside its window, or does not exist. */
export const OFFER_UNAVAILABLE_MESSAGE = "This offer is no longer available.";

export const PROMOTION_TEXTS = {
  saleTitle: "It's our birthday!",
  bannerLead: "It's our birthday!",
  personaTitle: "Personas are coming",
  loveaiEnded: "This offer ended on December 31st 2023.",
  easterNonPremium:
    "We're sorry, you must have an active Premium subscription to access this exclusive Easter code.",
  copied: "Copied",
} as const;

/** Account spec 9: the Easter code's Copied tooltip, 2 seconds. */
export const EASTER_COPY_TOOLTIP_MS = 2000;

export const saleOfferSchema = z.object({
  role: paidRoleSchema,
  /** The tier's display name (Get a Taste, True Supporter, I'm All In). */
  name: z.string(),
  plan_id: planIdSchema,
  offer_id: z.string(),
  /** The first period's price in cents. */
  price: z.number().int(),
  /** The plan's usual price in cents. */
  list_price: z.number().int(),
  /** Percent off the usual price, rounded. */
  percent_off: z.number().int(),
});
export type SaleOffer = z.infer<typeof saleOfferSchema>;

export const salePopularCategorySchema = z.object({
  name: z.string(),
  tag: z.string().nullable(),
  characters: z.array(characterCardSchema),
});
export type SalePopularCategory = z.infer<typeof salePopularCategorySchema>;

export const communityLinkSchema = z.object({ label: z.string(), url: z.string() });
export type CommunityLink = z.infer<typeof communityLinkSchema>;

/** `GET /api/sale/status` (public): whether the sale runs now, for the birthday banner. */
export const saleStatusSchema = z.object({
  active: z.boolean(),
  /** The running sale's first instant (ISO), or the next one's when none runs. */
  starts_at: z.string(),
  /** The first instant after the sale (ISO): the countdown's target. */
  ends_at: z.string(),
  /** The banner's price in cents ($0.99). */
  banner_price: z.number().int(),
});
export type SaleStatus = z.infer<typeof saleStatusSchema>;

/** `GET /api/sale` (public): the sale page; 404 while no sale runs or on a partner host. */
export const salePageSchema = z.object({
  starts_at: z.string(),
  ends_at: z.string(),
  banner_price: z.number().int(),
  /** Each tier's first month at its sale price, in tier order. */
  first_month: z.array(saleOfferSchema),
  /** Each tier's first year at its sale price, in tier order. */
  annual: z.array(saleOfferSchema),
  popular: z.array(salePopularCategorySchema),
  community: z.array(communityLinkSchema),
});
export type SalePage = z.infer<typeof salePageSchema>;

/** `GET /api/promotions/loveai` (public): the former partner's offer and whether it can still be bought. */
export const loveaiPromoSchema = z.object({
  offer_id: z.string(),
  plan_id: planIdSchema,
  price: z.number().int(),
  percent_off: z.number().int(),
  trial_days: z.number().int(),
  ends_at: z.string(),
  ended: z.boolean(),
});
export type LoveaiPromo = z.infer<typeof loveaiPromoSchema>;

/** `GET /api/promotions/easter` (active subscribers; others 403 with the spec's message). */
export const easterCodeSchema = z.object({
  code: z.string(),
  percent_off: z.number().int().nullable(),
  amount_off: z.number().int().nullable(),
  expires_at: z.string().nullable(),
});
export type EasterCode = z.infer<typeof easterCodeSchema>;
