import { createHash, randomUUID } from "node:crypto";
import type {
  checkoutCalculateBodySchema,
  newOrderBodySchema,
  providerNewPaymentBodySchema,
  stickyActionBodySchema,
} from "@hearth/contracts";
import {
  BILLING_TEXTS,
  type BillingHistoryEntry,
  type CheckoutCalculation,
  CURRENCY,
  type NewOrderResponse,
  OFFER_UNAVAILABLE_MESSAGE,
  PAYMENT_PROVIDER_NAMES,
  type PaymentProvider,
  PENDING_ORDER_EXPIRY_MINUTES,
  PLANS,
  type PlanId,
  type PurchaseOptions,
  planPriceFor,
  type StickyActionResponse,
  type Subscription,
  stateRequiredMessage,
  THREE_DS_MESSAGE_TYPE,
  type ThreeDsFrameMessage,
} from "@hearth/contracts";
import type { z } from "zod";
import type { Database } from "../../db/client";
import type {
  BillingCouponRow,
  BillingCustomerRow,
  BillingOrderRow,
  BillingSubscriptionRow,
  UserRow,
} from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import type { Clock } from "../../kernel/clock";
import { setMemberPlan } from "../users/index";
import { findCountry, matchState } from "./catalog";
import { GRANT_PROCESSOR } from "./grants";
import { can } from "./policy";
import {
  approvedOrder,
  changeablePlans,
  failedOrder,
  presentCalculation,
  presentHistory,
  presentPurchaseOptions,
  presentStickyAnswer,
  presentSubscription,
  redirectOrder,
} from "./presenter";
import {
  addPeriod,
  type CouponTerms,
  changeTiming,
  couponDiscount,
  periodName,
  proratedUpgrade,
  type Quote,
  quote,
  taxOf,
} from "./pricing";
import type { CardDetails, ChargeResult, PaymentProcessor } from "./processor";
import * as repo from "./repository";

type CalculateInput = z.output<typeof checkoutCalculateBodySchema>;
type NewOrderInput = z.output<typeof newOrderBodySchema>;
type StickyInput = z.output<typeof stickyActionBodySchema>;
type ProviderOrderInput = z.output<typeof providerNewPaymentBodySchema>;

/**
 * Grace after a failed renewal: access stays for GRACE_PERIOD_DAYS from the missed renewal while the card
 * is retried RETRY_AFTER_DAYS after it (README, Billing); then the subscription expires and the role goes
 * back to Free. A member can pay the amount due (charge_rebill) at any time during grace.
 */
export const GRACE_PERIOD_DAYS = 7;
export const RETRY_AFTER_DAYS = [1, 3, 5] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a charge may hold a subscription (a crashed worker's hold expires after it). */
const CHARGE_HOLD_MS = 2 * 60 * 1000;
/** How long a repeated new_order waits for the first one to finish charging. */
const ORDER_WAIT_MS = 15_000;

const fieldError = (field: string, message: string) =>
  new AppError(400, "validation_error", message, { [field]: message });
const unavailable = (message?: string) => new AppError(409, "subscription_action_unavailable", message);
const orderExpired = () => new AppError(410, "order_expired", BILLING_TEXTS.orderExpired);
const cardInvalid = (field: string) =>
  new AppError(400, "card_invalid", BILLING_TEXTS.invalidCard, { [field]: BILLING_TEXTS.invalidCard });

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A refunded Stripe charge, as `charge.refunded` describes it (cents). */
export type StripeRefundInput = {
  chargeId: string;
  paymentIntentId: string | null;
  currency: string;
  amountRefunded: number;
  /** The charge's refunds when the event lists them. */
  refunds: { id: string; amount: number }[] | null;
};

/**
 * The idempotency key of a provider order: the member and everything the request names, so the same
 * request again finds the order it made while that order waits.
 */
function providerOrderKey(
  user: UserRow,
  provider: string,
  body: ProviderOrderInput,
  address: { country: string; state: string },
): string {
  const request = [
    user.id,
    body.plan_id,
    body.offer_id ?? "",
    body.promo_code ?? "",
    body.payment_option ?? "",
    body.email,
    body.first_name,
    body.last_name,
    address.country,
    address.state,
    body.postal_code,
  ];
  return `provider:${provider}:${createHash("sha256").update(request.join("\n")).digest("hex")}`;
}

export type BillingDeps = {
  db: Database;
  processor: PaymentProcessor;
  clock: Clock;
  /** Whether an offer may be bought at this time beyond its own row (the sale's window); all when absent. */
  offerAvailable?: (offerId: string, now: Date) => boolean;
};

export type BillingService = ReturnType<typeof createBillingService>;

export function createBillingService({ db, processor, clock, offerAvailable }: BillingDeps) {
  // ------------------------------------------------------------------------------------------------
  // Pricing

  /** The coupon behind a code when it applies to the plan now: active, not expired, under its cap. */
  async function usableCoupon(code: string | null, planId: PlanId): Promise<BillingCouponRow | null> {
    if (!code) return null;
    const coupon = await repo.findCoupon(db, code);
    if (!coupon?.active) return null;
    if (coupon.expiresAt && coupon.expiresAt.getTime() <= clock.now().getTime()) return null;
    if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions) return null;
    if (coupon.planIds && !coupon.planIds.includes(planId)) return null;
    return coupon;
  }

  /**
   * An offer's first-cycle price when the offer exists, is active, unexpired, open now (`offerAvailable`:
   * the sale's offers only inside the sale window) and for this plan. An offer for another plan (the member
   * switched plans at checkout) leaves that plan at its price; any other offer that cannot be had is a 400.
   */
  async function offerPrice(offerId: string | null, planId: PlanId): Promise<number | null> {
    if (!offerId) return null;
    const offer = await repo.findOffer(db, offerId);
    if (offer && offer.planId !== planId) return null;
    const now = clock.now();
    const open =
      offer?.active === true &&
      !(offer.expiresAt && offer.expiresAt.getTime() <= now.getTime()) &&
      (offerAvailable?.(offer.id, now) ?? true);
    if (!offer || !open) throw fieldError("offer_id", OFFER_UNAVAILABLE_MESSAGE);
    return offer.firstCyclePriceCents;
  }

  /** Country and state as stored ('' without states), or a 400 naming the field. */
  function resolveAddress(
    country: string,
    state: string,
    required: boolean,
  ): { country: string; state: string } | null {
    if (!country) {
      if (required) throw fieldError("country", BILLING_TEXTS.countryRequired);
      return null;
    }
    const entry = findCountry(country);
    if (!entry) throw fieldError("country", BILLING_TEXTS.countryRequired);
    if (!entry.country.has_states) return { country: entry.country.iso2, state: "" };
    const matched = matchState(entry, state);
    if (!matched) {
      if (required || state.trim()) throw fieldError("state", stateRequiredMessage(entry.country.iso2));
      return { country: entry.country.iso2, state: "" };
    }
    return { country: entry.country.iso2, state: matched };
  }

  async function rateFor(address: { country: string; state: string } | null): Promise<number> {
    return address ? repo.findTaxRate(db, address.country, address.state) : 0;
  }

  function termsOf(coupon: BillingCouponRow | null): CouponTerms | null {
    return coupon
      ? {
          code: coupon.code,
          percentOff: coupon.percentOff,
          amountOffCents: coupon.amountOffCents,
          duration: coupon.duration,
          durationCycles: coupon.durationCycles,
        }
      : null;
  }

  async function priceOrder(input: {
    planId: PlanId;
    offerId: string | null;
    promoCode: string | null;
    address: { country: string; state: string } | null;
    /** How it is paid: coinpayments at the crypto list's prices; null (the card) at the card's. */
    paymentMethod: string | null;
  }): Promise<{ quote: Quote; coupon: BillingCouponRow | null }> {
    const [coupon, offer, rateBps] = await Promise.all([
      usableCoupon(input.promoCode, input.planId),
      offerPrice(input.offerId, input.planId),
      rateFor(input.address),
    ]);
    return {
      coupon,
      quote: quote({
        planId: input.planId,
        offerPriceCents: offer,
        promoCode: input.promoCode,
        coupon: termsOf(coupon),
        rateBps,
        listPriceCents: planPriceFor(input.planId, input.paymentMethod),
      }),
    };
  }

  /** What the next cycle of a subscription costs with tax: its next plan, its coupon while it lasts. */
  async function renewalAmount(
    sub: BillingSubscriptionRow,
    customer: BillingCustomerRow | null,
  ): Promise<{ planId: PlanId; base: number; tax: number; total: number }> {
    const planId = sub.nextPlanId ?? sub.planId;
    const price = PLANS[planId].price;
    const coupon =
      sub.couponId && sub.couponCyclesLeft !== 0 ? await repo.findCouponById(db, sub.couponId) : null;
    const base = coupon ? price - couponDiscount(coupon, price) : price;
    const rate = customer ? await repo.findTaxRate(db, customer.country, customer.state) : 0;
    const tax = taxOf(base, rate);
    return { planId, base, tax, total: base + tax };
  }

  async function upgradeCharge(
    sub: BillingSubscriptionRow,
    customer: BillingCustomerRow | null,
    planId: PlanId,
  ): Promise<{ base: number; tax: number; total: number }> {
    const base = proratedUpgrade({
      fromPriceCents: PLANS[sub.planId].price,
      toPriceCents: PLANS[planId].price,
      periodStart: sub.currentPeriodStart,
      periodEnd: sub.recurAt,
      now: clock.now(),
    });
    const rate = customer ? await repo.findTaxRate(db, customer.country, customer.state) : 0;
    const tax = taxOf(base, rate);
    return { base, tax, total: base + tax };
  }

  // ------------------------------------------------------------------------------------------------
  // Checkout

  async function calculate(user: UserRow, body: CalculateInput): Promise<CheckoutCalculation> {
    const address = resolveAddress(body.country, body.state, false);
    const [{ quote: priced }, customer] = await Promise.all([
      priceOrder({
        planId: body.plan_id,
        offerId: body.offer_id,
        promoCode: body.promo_code,
        address,
        paymentMethod: body.payment_method,
      }),
      repo.findCustomer(db, user.id),
    ]);
    return presentCalculation(priced, customer);
  }

  function idempotencyKey(user: UserRow, body: NewOrderInput): string {
    const parts = [
      "new_order",
      user.id,
      body.session_id,
      body.payment_token ?? "card_on_file",
      body.plan_id,
      body.offer_id ?? "",
      body.promo_code ?? "",
    ];
    return createHash("sha256").update(parts.join("\n")).digest("hex");
  }

  /** The answer a repeated new_order gets from the order its key already made; null when there is none. */
  async function answerOf(order: BillingOrderRow): Promise<NewOrderResponse | null> {
    if (order.status === "completed" && order.response) return order.response as NewOrderResponse;
    if (order.status === "pending_3ds" && order.challengeId) {
      return redirectOrder(
        order.id,
        order.planId,
        processor.challengeUrl(order.challengeId),
        order.totalCents,
      );
    }
    return null;
  }

  /** When an order opened for a 3-D Secure check or a provider's callback now expires. */
  function expiryFrom(now: Date): Date {
    return new Date(now.getTime() + PENDING_ORDER_EXPIRY_MINUTES * 60_000);
  }

  /** A waiting order past its expiry by the billing clock (the job queue may not have dropped it yet). */
  function isExpired(order: BillingOrderRow): boolean {
    return (
      order.status === "pending_3ds" &&
      order.expiresAt !== null &&
      order.expiresAt.getTime() <= clock.now().getTime()
    );
  }

  /** The processor drops what an expired card order held (Stripe's intent); best effort. */
  async function abandon(order: BillingOrderRow): Promise<void> {
    if (order.processor !== processor.name || !order.transactionId || !processor.abandonChallenge) return;
    try {
      await processor.abandonChallenge(order.transactionId);
    } catch {
      // Already gone at the processor, or unreachable: confirming it later still finds no order here.
    }
  }

  async function expireOne(order: BillingOrderRow): Promise<void> {
    const expired = await repo.expireOrder(db, order.id, clock.now());
    if (expired) await abandon(expired);
  }

  /**
   * The job queue's expiry (jobs.ts): every order waiting longer than PENDING_ORDER_EXPIRY_MINUTES for a
   * 3-D Secure check or a provider's callback becomes `expired`; a card's open payment is abandoned.
   */
  async function expirePendingOrders(): Promise<number> {
    const expired = await repo.expirePendingOrders(db, clock.now());
    for (const order of expired) await abandon(order);
    return expired.length;
  }

  async function resolveCard(user: UserRow, token: string | null | undefined): Promise<CardDetails> {
    if (token) {
      const card = await processor.card(token);
      if (!card) throw cardInvalid("payment_token");
      return card;
    }
    const customer = await repo.findCustomer(db, user.id);
    const card = customer?.cardToken ? await processor.card(customer.cardToken) : null;
    if (!card) throw cardInvalid("payment_token");
    return card;
  }

  async function newOrder(user: UserRow, body: NewOrderInput): Promise<NewOrderResponse> {
    const address = resolveAddress(body.country, body.state, true);
    if (!address) throw fieldError("country", BILLING_TEXTS.countryRequired);
    const key = idempotencyKey(user, body);
    const deadline = Date.now() + ORDER_WAIT_MS;
    for (;;) {
      const existing = await repo.findOrderByKey(db, key);
      if (existing) {
        if (isExpired(existing)) {
          // Its check was abandoned: a new attempt with the same details makes a new order.
          await expireOne(existing);
          continue;
        }
        const answer = await answerOf(existing);
        if (answer) return answer;
        if (isStale(existing)) {
          const resumed = await resumeStaleOrder(existing);
          if (resumed) return resumed;
          continue;
        }
        // The same order is being charged by another request: wait for its answer.
        if (Date.now() > deadline)
          throw new AppError(409, "subscription_exists", "This order is still being processed.");
        await sleep(150);
        continue;
      }
      if (await repo.findLiveSubscription(db, user.id)) throw new AppError(409, "subscription_exists");
      const card = await resolveCard(user, body.payment_token);
      const { quote: priced, coupon } = await priceOrder({
        planId: body.plan_id,
        offerId: body.offer_id,
        promoCode: body.promo_code,
        address,
        paymentMethod: null,
      });
      if (body.promo_code && !coupon) throw fieldError("promo_code", BILLING_TEXTS.invalidCoupon);
      const order = await repo.claimOrder(db, {
        userId: user.id,
        idempotencyKey: key,
        status: "processing",
        planId: body.plan_id,
        offerId: body.offer_id,
        couponId: coupon?.id ?? null,
        subtotalCents: priced.subtotal,
        discountCents: priced.discount,
        taxCents: priced.taxCents,
        totalCents: priced.total,
        currency: CURRENCY,
        details: {
          email: body.email,
          first_name: body.first_name,
          last_name: body.last_name,
          country: address.country,
          state: address.state,
          postal_code: body.postal_code,
          platform: body.platform,
        },
        processor: processor.name,
        paymentToken: card.token,
      });
      if (!order) {
        // Either this key was claimed a moment ago (loop to its answer) or another order of the member is
        // being charged (wait for it; its subscription then refuses this one). One left by a crash is resumed.
        const other = await repo.findProcessingOrder(db, user.id);
        if (other && other.idempotencyKey !== key && isStale(other)) await resumeStaleOrder(other);
        if (Date.now() > deadline)
          throw new AppError(409, "subscription_exists", "Another order is being processed.");
        await sleep(150);
        continue;
      }
      return chargeOrder(order, card);
    }
  }

  /** An order left `processing` longer than a charge may take: its server stopped while charging. */
  function isStale(order: BillingOrderRow): boolean {
    return order.status === "processing" && order.createdAt.getTime() < Date.now() - CHARGE_HOLD_MS;
  }

  /**
   * Resumes an order its server left while charging: the charge is made again under the order's own
   * idempotency key, so the processor answers the charge it already made, if any, instead of charging
   * twice. Answers the order's answer, or null when another request took it over first.
   */
  async function resumeStaleOrder(order: BillingOrderRow): Promise<NewOrderResponse | null> {
    const taken = await repo.retakeOrder(db, order, CHARGE_HOLD_MS / 1000);
    if (!taken) return null;
    const card = await processor.card(taken.paymentToken);
    if (!card) {
      await repo.deleteOrder(db, taken.id, "processing");
      return failedOrder(BILLING_TEXTS.invalidCard);
    }
    return chargeOrder(taken, card);
  }

  async function chargeOrder(order: BillingOrderRow, card: CardDetails): Promise<NewOrderResponse> {
    let result: ChargeResult;
    try {
      result = await processor.charge({
        token: card.token,
        amountCents: order.totalCents,
        currency: order.currency,
        idempotencyKey: `order:${order.id}`,
        description: `${PLANS[order.planId].name} (${periodName(order.planId)})`,
        customerPresent: true,
        initial: true,
        member: { id: order.userId, email: order.details.email ?? "" },
      });
    } catch (error) {
      await repo.deleteOrder(db, order.id, "processing");
      throw error;
    }
    if (result.outcome === "declined") {
      await repo.deleteOrder(db, order.id, "processing");
      return failedOrder(result.message);
    }
    if (result.outcome === "challenge") {
      await repo.moveOrder(db, order.id, "processing", {
        status: "pending_3ds",
        challengeId: result.challengeId,
        transactionId: result.reference ?? null,
        expiresAt: expiryFrom(clock.now()),
      });
      return redirectOrder(order.id, order.planId, result.url, order.totalCents);
    }
    return completeOrder(order, card, result.reference);
  }

  /**
   * The charge went through: in one transaction, the subscription (active at once), the ledger's charge,
   * the saved details and card, the coupon's redemption, the member's role, and the order's answer.
   */
  async function completeOrder(
    order: BillingOrderRow,
    card: CardDetails | null,
    reference: string,
  ): Promise<NewOrderResponse> {
    const now = clock.now();
    const plan = PLANS[order.planId];
    const coupon = order.couponId ? await repo.findCouponById(db, order.couponId) : null;
    // Paid without a card (an alternative provider): the saved card, if any, stays.
    const kept = card ? null : await repo.findCustomer(db, order.userId);
    return db.transaction(async (tx) => {
      const sub = await repo.insertSubscription(tx, {
        userId: order.userId,
        planId: order.planId,
        status: "active",
        currentPeriodStart: now,
        recurAt: addPeriod(now, order.planId),
        // Bought through this checkout, so managed here whatever app the checkout ran in (details.platform).
        platform: "web",
        processor: order.processor,
        orderId: order.id,
        couponId: coupon && coupon.duration !== "once" ? coupon.id : null,
        couponCyclesLeft: coupon?.duration === "repeating" ? (coupon.durationCycles ?? 1) - 1 : null,
      });
      if (coupon) await repo.countRedemption(tx, coupon.id);
      await repo.appendLedger(tx, {
        userId: order.userId,
        subscriptionId: sub.id,
        orderId: order.id,
        kind: "charge",
        amountCents: order.totalCents,
        taxCents: order.taxCents,
        currency: order.currency,
        description: `${plan.name} (${periodName(order.planId)})`,
        planId: order.planId,
        processor: order.processor,
        processorReference: reference,
        idempotencyKey: `order:${order.id}`,
      });
      await repo.saveCustomer(tx, {
        userId: order.userId,
        email: order.details.email ?? "",
        firstName: order.details.first_name ?? "",
        lastName: order.details.last_name ?? "",
        country: order.details.country ?? "",
        state: order.details.state ?? "",
        postalCode: order.details.postal_code ?? "",
        processor: card ? order.processor : (kept?.processor ?? order.processor),
        cardToken: card ? card.token : (kept?.cardToken ?? null),
        cardLast4: card ? card.last4 : (kept?.cardLast4 ?? null),
        cardBrand: card ? card.brand : (kept?.cardBrand ?? null),
        cardExp: card ? card.exp : (kept?.cardExp ?? null),
        cardOrderId: card ? order.id : (kept?.cardOrderId ?? null),
      });
      await setMemberPlan(tx, order.userId, { role: plan.role, platform: sub.platform });
      const answer = approvedOrder({
        orderId: order.id,
        subscriptionId: sub.id,
        planId: order.planId,
        transactionId: reference,
        total: order.totalCents,
        at: now,
      });
      const moved = await repo.moveOrder(tx, order.id, "processing", {
        status: "completed",
        subscriptionId: sub.id,
        transactionId: reference,
        response: answer,
        completedAt: now,
      });
      if (!moved) throw new Error(`Order ${order.id} was no longer being processed`);
      return answer;
    });
  }

  /** The test processor's 3-D Secure page decided: complete the order once, or drop it. */
  async function decideChallenge(
    challengeId: string,
    decision: "approve" | "fail",
  ): Promise<ThreeDsFrameMessage> {
    const message = (status: "success" | "failure", order: NewOrderResponse): ThreeDsFrameMessage => ({
      type: THREE_DS_MESSAGE_TYPE,
      status,
      order,
    });
    const deadline = Date.now() + ORDER_WAIT_MS;
    for (;;) {
      const order = await repo.findOrderByChallenge(db, challengeId);
      // An alternative provider's order waits for its own callback, never a card's challenge.
      if (!order || order.processor !== processor.name) throw notFound();
      if (order.status === "completed" && order.response)
        return message("success", order.response as NewOrderResponse);
      // Past its expiry nothing is charged, whatever the decision.
      if (order.status === "expired") throw orderExpired();
      if (isExpired(order)) {
        await expireOne(order);
        throw orderExpired();
      }
      if (order.status === "processing") {
        if (Date.now() > deadline)
          throw new AppError(409, "subscription_exists", "This order is still being processed.");
        await sleep(150);
        continue;
      }
      if (decision === "fail") {
        await repo.deleteOrder(db, order.id, "pending_3ds");
        return message("failure", failedOrder(BILLING_TEXTS.threeDsFailed));
      }
      if (await repo.findLiveSubscription(db, order.userId)) {
        await repo.deleteOrder(db, order.id, "pending_3ds");
        return message("failure", failedOrder(BILLING_TEXTS.alreadySubscribed));
      }
      let taken: BillingOrderRow | null;
      try {
        taken = await repo.moveOrder(db, order.id, "pending_3ds", { status: "processing" });
      } catch {
        // Another order of the member is being charged right now.
        throw new AppError(409, "subscription_exists", "Another order is being processed.");
      }
      if (!taken) continue;
      const card = await processor.card(taken.paymentToken);
      const request = {
        token: taken.paymentToken,
        amountCents: taken.totalCents,
        currency: taken.currency,
        idempotencyKey: `order:${taken.id}`,
        description: `${PLANS[taken.planId].name} (${periodName(taken.planId)})`,
        customerPresent: true,
        initial: true,
        member: { id: taken.userId, email: taken.details.email ?? "" },
        challengeReference: taken.transactionId,
      };
      const result = card ? await processor.confirmChallenge(request) : null;
      if (!card || !result || result.outcome !== "approved") {
        await repo.deleteOrder(db, taken.id, "processing");
        return message(
          "failure",
          failedOrder(result?.outcome === "declined" ? result.message : BILLING_TEXTS.threeDsFailed),
        );
      }
      return message("success", await completeOrder(taken, card, result.reference));
    }
  }

  // ------------------------------------------------------------------------------------------------
  // Alternative providers (providers.ts): paid on the provider's page, completed by its signed callback

  /**
   * Prices and claims an order paid on an alternative provider's page: it waits (`pending_3ds`, its
   * challenge id the reference sent to the provider) for the provider's callback.
   */
  async function startProviderOrder(
    user: UserRow,
    provider: string,
    body: ProviderOrderInput,
  ): Promise<BillingOrderRow> {
    const address = resolveAddress(body.country, body.state, true);
    if (!address) throw fieldError("country", BILLING_TEXTS.countryRequired);
    if (await repo.findLiveSubscription(db, user.id)) throw new AppError(409, "subscription_exists");
    const { quote: priced, coupon } = await priceOrder({
      planId: body.plan_id,
      offerId: body.offer_id,
      promoCode: body.promo_code,
      address,
      paymentMethod: provider,
    });
    if (body.promo_code && !coupon) throw fieldError("promo_code", BILLING_TEXTS.invalidCoupon);
    // The same request again (a double click, a retry) finds the order it made while that order waits, so
    // the member is sent to the same provider payment; after it completed or expired the key moves on.
    const base = providerOrderKey(user, provider, body, address);
    let key = base;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const existing = await repo.findOrderByKey(db, key);
      if (existing) {
        if (existing.status === "pending_3ds" && !isExpired(existing)) return existing;
        key = `${base}:after:${existing.id}`;
        continue;
      }
      const order = await claimProviderOrder(user, provider, body, address, priced, coupon, key);
      if (order) return order;
    }
    throw new AppError(409, "subscription_exists", "Another order is being processed.");
  }

  function claimProviderOrder(
    user: UserRow,
    provider: string,
    body: ProviderOrderInput,
    address: { country: string; state: string },
    priced: Quote,
    coupon: BillingCouponRow | null,
    key: string,
  ): Promise<BillingOrderRow | null> {
    return repo.claimOrder(db, {
      userId: user.id,
      idempotencyKey: key,
      status: "pending_3ds",
      planId: body.plan_id,
      offerId: body.offer_id,
      couponId: coupon?.id ?? null,
      subtotalCents: priced.subtotal,
      discountCents: priced.discount,
      taxCents: priced.taxCents,
      totalCents: priced.total,
      currency: CURRENCY,
      details: {
        email: body.email,
        first_name: body.first_name,
        last_name: body.last_name,
        country: address.country,
        state: address.state,
        postal_code: body.postal_code,
        platform: "web",
        payment_option: body.payment_option ?? "",
      },
      processor: provider,
      paymentToken: `provider:${provider}`,
      challengeId: randomUUID(),
      expiresAt: expiryFrom(clock.now()),
    });
  }

  /**
   * A provider's payment for a member whose subscription is already active from another order: the money
   * is kept on the member's account as a `credit` in the ledger (README, Billing), once per provider
   * payment id, and the order completes without a subscription. False when the order moved meanwhile.
   */
  async function creditProviderPayment(
    order: BillingOrderRow,
    input: { provider: string; transactionId: string; amountCents: number; currency: string },
  ): Promise<boolean> {
    const name = PAYMENT_PROVIDER_NAMES[input.provider as PaymentProvider] ?? input.provider;
    const now = clock.now();
    return db.transaction(async (tx) => {
      if (order.status !== "completed") {
        const moved = await repo.moveOrder(tx, order.id, order.status, {
          status: "completed",
          transactionId: input.transactionId,
          response: failedOrder(BILLING_TEXTS.alreadySubscribed),
          completedAt: now,
        });
        if (!moved) return false;
      }
      await repo.appendLedger(tx, {
        userId: order.userId,
        subscriptionId: null,
        orderId: order.id,
        kind: "credit",
        amountCents: input.amountCents,
        taxCents: order.totalCents === input.amountCents ? order.taxCents : 0,
        currency: input.currency.toUpperCase(),
        description: `Payment through ${name} credited to your account (a subscription was already active)`,
        planId: order.planId,
        processor: input.provider,
        processorReference: input.transactionId,
        idempotencyKey: providerPaymentKey(input.provider, input.transactionId),
      });
      return true;
    });
  }

  /**
   * The provider's verified callback for an order: paid completes it once (a repeated callback, or one
   * for a completed order, changes nothing); failed drops the waiting order. False when no order of this
   * provider has the reference.
   */
  async function settleProviderOrder(input: {
    provider: string;
    reference: string;
    transactionId: string;
    paid: boolean;
    amountCents: number;
    currency: string;
  }): Promise<boolean> {
    const deadline = Date.now() + ORDER_WAIT_MS;
    for (;;) {
      const order = await repo.findOrderByChallenge(db, input.reference);
      if (!order || order.processor !== input.provider) return false;
      if (order.status === "processing") {
        if (Date.now() > deadline) throw new AppError(409, "subscription_exists", "Still being processed.");
        await sleep(150);
        continue;
      }
      if (!input.paid) {
        // A failed payment: the waiting order is dropped (a completed or expired one stays as it is).
        if (order.status === "pending_3ds") await repo.deleteOrder(db, order.id, "pending_3ds");
        return true;
      }
      if (
        input.amountCents !== order.totalCents ||
        input.currency.toUpperCase() !== order.currency.toUpperCase()
      )
        throw new AppError(400, "validation_error", "The amount or currency does not match the order.");
      if (order.status === "completed") {
        // The same payment again changes nothing; another payment for the same order is credited.
        if (order.transactionId !== input.transactionId) await creditProviderPayment(order, input);
        return true;
      }
      // Waiting, or expired while the provider was still confirming (money moved, so it is not lost):
      // with a live subscription from another order the payment is credited, else the order completes.
      if (await repo.findLiveSubscription(db, order.userId)) {
        if (await creditProviderPayment(order, input)) return true;
        continue;
      }
      let taken: BillingOrderRow | null;
      try {
        taken = await repo.moveOrder(db, order.id, order.status, { status: "processing" });
      } catch {
        throw new AppError(409, "subscription_exists", "Another order is being processed.");
      }
      if (!taken) continue;
      await completeOrder(taken, null, input.transactionId);
      return true;
    }
  }

  /**
   * Stripe's `charge.refunded` (stripe-routes.ts): each refund of a charge in the ledger is appended once
   * as a `refund` row keyed by its Stripe refund id (without the list in the event, by the charge's
   * cumulative refunded amount), with tax in the charge's proportion. The subscription is not changed.
   * The number of rows added; 0 for a charge this ledger does not know.
   */
  async function recordStripeRefund(input: StripeRefundInput): Promise<number> {
    if (!input.paymentIntentId) return 0;
    const charge = await repo.findChargeByReference(db, "stripe", input.paymentIntentId);
    if (!charge) return 0;
    const prefix = `stripe:refund:${input.paymentIntentId}:`;
    const refunds =
      input.refunds && input.refunds.length > 0
        ? input.refunds
        : [
            {
              id: `${input.chargeId}:${input.amountRefunded}`,
              amount: input.amountRefunded - (await repo.sumLedgerByKeyPrefix(db, prefix)),
            },
          ];
    let added = 0;
    for (const refund of refunds) {
      const amount = Math.min(refund.amount, charge.amountCents);
      if (amount <= 0) continue;
      const tax = charge.amountCents > 0 ? Math.round((charge.taxCents * amount) / charge.amountCents) : 0;
      const wrote = await repo.appendLedger(db, {
        userId: charge.userId,
        subscriptionId: charge.subscriptionId,
        orderId: charge.orderId,
        kind: "refund",
        amountCents: amount,
        taxCents: Math.min(tax, amount),
        currency: input.currency.toUpperCase(),
        description: `Refund: ${charge.description}`,
        planId: charge.planId,
        processor: "stripe",
        processorReference: refund.id.startsWith("re_") ? refund.id : input.chargeId,
        idempotencyKey: `${prefix}${refund.id}`,
      });
      if (wrote) added += 1;
    }
    return added;
  }

  function providerPaymentKey(provider: string, transactionId: string): string {
    return `provider:${provider}:payment:${transactionId}`;
  }

  function purchaseOptions(extra: PurchaseOptions["payment_methods"] = []): PurchaseOptions {
    return presentPurchaseOptions(processor, extra);
  }

  // ------------------------------------------------------------------------------------------------
  // Portal

  async function describe(
    sub: BillingSubscriptionRow,
    customer: BillingCustomerRow | null,
  ): Promise<Subscription> {
    const upgradePrices: Partial<Record<PlanId, number>> = {};
    if (sub.status === "active") {
      for (const planId of changeablePlans(sub.planId)) {
        if (changeTiming(sub.planId, planId) === "DISPLAY_PRICE") {
          upgradePrices[planId] = (await upgradeCharge(sub, customer, planId)).total;
        }
      }
    }
    const amountDue = sub.status === "grace" ? (await renewalAmount(sub, customer)).total : null;
    return presentSubscription(sub, customer, { upgradePrices, amountDue });
  }

  async function listForMember(user: UserRow): Promise<Subscription[]> {
    const [subs, customer] = await Promise.all([
      repo.listSubscriptions(db, user.id),
      repo.findCustomer(db, user.id),
    ]);
    const actor = { userId: user.id };
    return Promise.all(subs.filter((sub) => can(actor, "view", sub)).map((sub) => describe(sub, customer)));
  }

  async function history(user: UserRow): Promise<{ data: BillingHistoryEntry[] }> {
    return presentHistory(await repo.listLedger(db, user.id));
  }

  const success = (
    sub: Pick<BillingSubscriptionRow, "status">,
    message: string,
    timing: StickyActionResponse["change_timing"] = null,
  ): StickyActionResponse => presentStickyAnswer("SUCCESS", sub, message, timing);
  const failed = (
    sub: Pick<BillingSubscriptionRow, "status">,
    message: string,
    timing: StickyActionResponse["change_timing"] = null,
  ): StickyActionResponse => presentStickyAnswer("FAILED", sub, message, timing);

  async function stickyAction(user: UserRow, body: StickyInput): Promise<StickyActionResponse> {
    const sub = await repo.findSubscription(db, body.subscription_id);
    const actor = { userId: user.id };
    if (!sub || sub.orderId !== body.order_id || !can(actor, "view", sub)) throw notFound();
    if (!can(actor, body.action, sub)) throw unavailable();
    switch (body.action) {
      case "cancel": {
        const row = await repo.updateSubscriptionIf(db, sub, {
          status: "cancelled",
          cancelAtPeriodEnd: true,
        });
        if (!row) throw unavailable();
        return success(row, BILLING_TEXTS.cancelled);
      }
      case "uncancel": {
        if (sub.recurAt.getTime() <= clock.now().getTime()) throw unavailable();
        const row = await repo.updateSubscriptionIf(db, sub, { status: "active", cancelAtPeriodEnd: false });
        if (!row) throw unavailable();
        return success(row, BILLING_TEXTS.uncancelled);
      }
      case "change_plan":
        return changePlan(sub, body.plan_id);
      case "change_card": {
        const card = await processor.card(body.card_token);
        if (!card) throw cardInvalid("card_token");
        await repo.updateCustomerCard(db, user.id, {
          cardToken: card.token,
          cardLast4: card.last4,
          cardBrand: card.brand,
          cardExp: card.exp,
        });
        return success(sub, BILLING_TEXTS.cardChanged);
      }
      case "charge_rebill": {
        const outcome = await chargeCycle(sub, { attempt: "rebill", customerPresent: true });
        if (outcome.kind === "busy")
          throw unavailable("A payment is already being processed. Try again in a moment.");
        if (outcome.kind === "paid") return success(outcome.sub, BILLING_TEXTS.rebillSucceeded);
        return failed(outcome.sub ?? sub, outcome.message);
      }
    }
  }

  async function changePlan(sub: BillingSubscriptionRow, planId: PlanId): Promise<StickyActionResponse> {
    if (!changeablePlans(sub.planId).includes(planId))
      throw unavailable("Choose a plan other than your current one.");
    const timing = changeTiming(sub.planId, planId);
    if (timing === "NEXT_CYCLE") {
      const row = await repo.updateSubscriptionIf(db, sub, { nextPlanId: planId });
      if (!row) throw unavailable();
      return success(row, BILLING_TEXTS.nextCycle, timing);
    }
    const customer = await repo.findCustomer(db, sub.userId ?? "");
    if (!customer?.cardToken) return failed(sub, BILLING_TEXTS.invalidCard, timing);
    const now = clock.now();
    if (!(await repo.holdForCharge(db, sub.id, now, new Date(now.getTime() + CHARGE_HOLD_MS)))) {
      throw unavailable("A payment is already being processed. Try again in a moment.");
    }
    try {
      const amount = await upgradeCharge(sub, customer, planId);
      const key = `upgrade:${sub.id}:${sub.planId}:${planId}:${sub.recurAt.toISOString()}`;
      const result =
        amount.total > 0
          ? await processor.charge({
              token: customer.cardToken,
              amountCents: amount.total,
              currency: CURRENCY,
              idempotencyKey: key,
              description: `Upgrade to ${PLANS[planId].name} (${periodName(planId)})`,
              customerPresent: false,
              initial: false,
              member: { id: customer.userId, email: customer.email },
            })
          : ({ outcome: "approved", reference: "" } as const);
      if (result.outcome !== "approved") {
        return failed(sub, result.outcome === "declined" ? result.message : BILLING_TEXTS.declined, timing);
      }
      const row = await db.transaction(async (tx) => {
        if (amount.total > 0) {
          await repo.appendLedger(tx, {
            userId: sub.userId,
            subscriptionId: sub.id,
            orderId: sub.orderId,
            kind: "charge",
            amountCents: amount.total,
            taxCents: amount.tax,
            currency: CURRENCY,
            description: `Upgrade to ${PLANS[planId].name} (${periodName(planId)}), prorated`,
            planId,
            processor: sub.processor === GRANT_PROCESSOR ? processor.name : sub.processor,
            processorReference: result.reference,
            idempotencyKey: key,
          });
        }
        const updated = await repo.updateSubscriptionIf(tx, sub, { planId, nextPlanId: null });
        if (updated && sub.userId)
          await setMemberPlan(tx, sub.userId, { role: PLANS[planId].role, platform: sub.platform });
        return updated;
      });
      if (!row) throw unavailable();
      return success(row, BILLING_TEXTS.planChanged, timing);
    } finally {
      await repo.releaseCharge(db, sub.id);
    }
  }

  // ------------------------------------------------------------------------------------------------
  // Renewals, retries, grace and expiry (run by the job queue; see jobs.ts)

  type CycleOutcome =
    | { kind: "paid"; sub: BillingSubscriptionRow }
    | { kind: "declined"; sub: BillingSubscriptionRow | null; message: string }
    | { kind: "busy" };

  /**
   * Charges the cycle starting at the subscription's recur_at (a renewal, a retry in grace, or the
   * member's rebill). The ledger key is the cycle's, so the cycle is recorded once however the charge
   * was started; a hold on the row keeps two charges of it from running at once.
   */
  async function chargeCycle(
    sub: BillingSubscriptionRow,
    options: { attempt: string; customerPresent: boolean },
  ): Promise<CycleOutcome> {
    const now = clock.now();
    if (!(await repo.holdForCharge(db, sub.id, now, new Date(now.getTime() + CHARGE_HOLD_MS))))
      return { kind: "busy" };
    try {
      const customer = sub.userId ? await repo.findCustomer(db, sub.userId) : null;
      const amount = await renewalAmount(sub, customer);
      const cycleKey = `cycle:${sub.id}:${sub.recurAt.toISOString()}`;
      const result: ChargeResult = customer?.cardToken
        ? await processor.charge({
            token: customer.cardToken,
            amountCents: amount.total,
            currency: CURRENCY,
            idempotencyKey: `${cycleKey}:${options.attempt}`,
            description: `${PLANS[amount.planId].name} (${periodName(amount.planId)}), renewal`,
            customerPresent: false,
            initial: false,
            member: { id: customer.userId, email: customer.email },
          })
        : { outcome: "declined", message: BILLING_TEXTS.invalidCard };
      if (result.outcome === "approved") {
        const paid = await db.transaction(async (tx) => {
          await repo.appendLedger(tx, {
            userId: sub.userId,
            subscriptionId: sub.id,
            orderId: sub.orderId,
            kind: "charge",
            amountCents: amount.total,
            taxCents: amount.tax,
            currency: CURRENCY,
            description: `${PLANS[amount.planId].name} (${periodName(amount.planId)}), renewal`,
            planId: amount.planId,
            processor: sub.processor === GRANT_PROCESSOR ? processor.name : sub.processor,
            processorReference: result.reference,
            idempotencyKey: cycleKey,
          });
          const row = await repo.updateSubscriptionIf(tx, sub, {
            status: "active",
            planId: amount.planId,
            nextPlanId: null,
            currentPeriodStart: sub.recurAt,
            recurAt: addPeriod(sub.recurAt, amount.planId),
            graceUntil: null,
            retries: 0,
            nextRetryAt: null,
            couponCyclesLeft:
              sub.couponCyclesLeft !== null && sub.couponCyclesLeft > 0
                ? sub.couponCyclesLeft - 1
                : sub.couponCyclesLeft,
          });
          if (row?.userId) {
            await setMemberPlan(tx, row.userId, { role: PLANS[amount.planId].role, platform: row.platform });
          }
          return row;
        });
        return paid
          ? { kind: "paid", sub: paid }
          : { kind: "declined", sub: null, message: BILLING_TEXTS.declined };
      }
      const message = result.outcome === "declined" ? result.message : BILLING_TEXTS.declined;
      // A failed rebill leaves the grace schedule as it is; a failed renewal or retry moves it on.
      if (options.customerPresent) return { kind: "declined", sub, message };
      const retries = sub.status === "grace" ? sub.retries + 1 : 1;
      const nextRetryDays = RETRY_AFTER_DAYS[retries - 1];
      const row = await repo.updateSubscriptionIf(db, sub, {
        status: "grace",
        graceUntil: sub.graceUntil ?? new Date(sub.recurAt.getTime() + GRACE_PERIOD_DAYS * DAY_MS),
        retries,
        nextRetryAt:
          nextRetryDays === undefined ? null : new Date(sub.recurAt.getTime() + nextRetryDays * DAY_MS),
      });
      return { kind: "declined", sub: row, message };
    } finally {
      await repo.releaseCharge(db, sub.id);
    }
  }

  async function expire(sub: BillingSubscriptionRow, endedAt: Date): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await repo.updateSubscriptionIf(tx, sub, {
        status: "expired",
        endedAt,
        nextRetryAt: null,
      });
      if (row?.userId) await setMemberPlan(tx, row.userId, { role: "free", platform: null });
    });
  }

  /** Does whatever is due for one subscription at the clock's time; nothing when nothing is due. */
  async function processSubscription(id: string): Promise<void> {
    const sub = await repo.findSubscription(db, id);
    if (!sub) return;
    const now = clock.now().getTime();
    if (sub.status === "cancelled" && sub.recurAt.getTime() <= now) return expire(sub, sub.recurAt);
    if (sub.status === "active" && sub.recurAt.getTime() <= now) {
      await chargeCycle(sub, { attempt: "renewal", customerPresent: false });
      return;
    }
    if (sub.status === "grace") {
      if (sub.graceUntil && sub.graceUntil.getTime() <= now) return expire(sub, sub.graceUntil);
      if (sub.nextRetryAt && sub.nextRetryAt.getTime() <= now) {
        await chargeCycle(sub, { attempt: `retry${sub.retries}`, customerPresent: false });
      }
    }
  }

  function dueSubscriptions(): Promise<string[]> {
    return repo.dueSubscriptionIds(db, clock.now());
  }

  /** Whether the member pays through a live subscription (the account removal warning). */
  async function hasManagedSubscription(userId: string): Promise<boolean> {
    const sub = await repo.findLiveSubscription(db, userId);
    return sub !== null && sub.status !== "cancelled";
  }

  return {
    calculate,
    newOrder,
    decideChallenge,
    expirePendingOrders,
    recordStripeRefund,
    purchaseOptions,
    startProviderOrder,
    settleProviderOrder,
    listForMember,
    history,
    stickyAction,
    processSubscription,
    dueSubscriptions,
    hasManagedSubscription,
  };
}

/** Ends the member's live subscriptions as their account is removed (inside the removal's transaction). */
export function endSubscriptionsForRemoval(db: Database, userId: string, now: Date): Promise<void> {
  return repo.endSubscriptionsOf(db, userId, now);
}
