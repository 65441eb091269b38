import {
  BILLING_TEXTS,
  type ChangeTiming,
  type Discount,
  isYearlyPlanId,
  PLANS,
  type PlanId,
  TIER_LEVEL,
} from "@hearth/contracts";

/**
 * Pure price arithmetic in integer cents: coupons, offers, tax, proration, periods. Rounding is to the
 * nearest cent, half away from zero (Math.round on non-negative amounts).
 */

export type CouponTerms = {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  duration: "once" | "forever" | "repeating";
  durationCycles: number | null;
};

/** Cents a coupon takes off an amount (never more than the amount). */
export function couponDiscount(
  coupon: Pick<CouponTerms, "percentOff" | "amountOffCents">,
  amount: number,
): number {
  if (coupon.percentOff !== null) return Math.min(amount, Math.round((amount * coupon.percentOff) / 100));
  return Math.min(amount, coupon.amountOffCents ?? 0);
}

export function taxOf(amount: number, rateBps: number): number {
  return Math.round((amount * rateBps) / 10_000);
}

export type Quote = {
  planId: PlanId;
  lineItems: { name: string; plan_id: PlanId; amount: number }[];
  subtotal: number;
  discounts: Discount[];
  discount: number;
  taxCents: number;
  rateBps: number;
  total: number;
  renewalTotal: number;
};

export type QuoteInput = {
  planId: PlanId;
  /** An offer's first-cycle price, when a valid offer for this plan was named. */
  offerPriceCents: number | null;
  /** The promotion code as typed (upper case), or null. */
  promoCode: string | null;
  /** The coupon behind it when it is valid for this plan now; null otherwise. */
  coupon: CouponTerms | null;
  rateBps: number;
  /** The plan's price for the payment method (the crypto list's for coinpayments); the card price if absent. */
  listPriceCents?: number;
};

export function periodName(planId: PlanId): string {
  return isYearlyPlanId(planId) ? "Yearly" : "Monthly";
}

/** The checkout's order summary: line item, discount per code, tax on the discounted amount, totals. */
export function quote(input: QuoteInput): Quote {
  const plan = PLANS[input.planId];
  const listPrice = input.listPriceCents ?? plan.price;
  const amount = input.offerPriceCents ?? listPrice;
  const name = `${plan.name} (${periodName(input.planId)})${input.offerPriceCents === null ? "" : ", first period"}`;
  const discounts: Discount[] = [];
  let discount = 0;
  if (input.promoCode) {
    if (input.coupon) {
      discount = couponDiscount(input.coupon, amount);
      discounts.push({ code: input.promoCode, valid: true, total: discount, error: null });
    } else {
      discounts.push({ code: input.promoCode, valid: false, total: 0, error: BILLING_TEXTS.invalidCoupon });
    }
  }
  const taxable = amount - discount;
  const taxCents = taxOf(taxable, input.rateBps);
  const renewalBase =
    input.coupon &&
    input.coupon.duration !== "once" &&
    !(input.coupon.duration === "repeating" && (input.coupon.durationCycles ?? 0) <= 1)
      ? listPrice - couponDiscount(input.coupon, listPrice)
      : listPrice;
  return {
    planId: input.planId,
    lineItems: [{ name, plan_id: input.planId, amount }],
    subtotal: amount,
    discounts,
    discount,
    taxCents,
    rateBps: input.rateBps,
    total: taxable + taxCents,
    renewalTotal: renewalBase + taxOf(renewalBase, input.rateBps),
  };
}

/** One billing period after `from`: a calendar month (clamped to the month's last day) or a year. */
export function addPeriod(from: Date, planId: PlanId): Date {
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  if (isYearlyPlanId(planId)) next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/**
 * How a change from one plan to another takes effect: a higher tier on the same billing frequency (or
 * yearly to a higher yearly tier) now, charging the prorated difference (DISPLAY_PRICE); a lower tier, a
 * switch from monthly to yearly, or from yearly to monthly, at the next cycle (NEXT_CYCLE).
 */
export function changeTiming(from: PlanId, to: PlanId): ChangeTiming {
  const sameFrequency = isYearlyPlanId(from) === isYearlyPlanId(to);
  return sameFrequency && TIER_LEVEL[PLANS[to].role] > TIER_LEVEL[PLANS[from].role]
    ? "DISPLAY_PRICE"
    : "NEXT_CYCLE";
}

/**
 * The prorated difference for an upgrade now, before tax: the price difference times the share of the
 * current period still to run (whole seconds), rounded to the cent; 0 when nothing is left.
 */
export function proratedUpgrade(input: {
  fromPriceCents: number;
  toPriceCents: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}): number {
  const total = Math.max(1, Math.floor((input.periodEnd.getTime() - input.periodStart.getTime()) / 1000));
  const left = Math.min(
    total,
    Math.max(0, Math.floor((input.periodEnd.getTime() - input.now.getTime()) / 1000)),
  );
  const difference = Math.max(0, input.toPriceCents - input.fromPriceCents);
  return Math.round((difference * left) / total);
}
