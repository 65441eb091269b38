import { LEDGER_KINDS, type PlanId, type SubscriptionStatus } from "@hearth/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt, users } from "./platform";

/**
 * Billing (subscriptions spec 3 and 4). Money is integer cents. Prices of the plans are constants in the
 * contracts (PLANS); what an operator sets per deployment lives here: coupons, offers and tax rates.
 */

/** Promotion codes: percent or amount off, once / forever / for N cycles, expiry, cap, plan restriction. */
export const billingCoupons = pgTable(
  "billing_coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Upper case; what members type (matched case-insensitively by upper-casing the input). */
    code: text("code").notNull().unique(),
    /** 1..100 percent off, or null with amount_off_cents set. */
    percentOff: integer("percent_off"),
    amountOffCents: integer("amount_off_cents"),
    /** once: the first charge only; forever: every charge; repeating: the first duration_cycles charges. */
    duration: text("duration", { enum: ["once", "forever", "repeating"] })
      .notNull()
      .default("once"),
    durationCycles: integer("duration_cycles"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    maxRedemptions: integer("max_redemptions"),
    redemptions: integer("redemptions").notNull().default(0),
    /** Plans it applies to; null: every plan. */
    planIds: text("plan_ids").array().$type<PlanId[]>(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check("billing_coupons_code_upper", sql`${t.code} = upper(${t.code})`),
    check(
      "billing_coupons_one_discount",
      sql`(${t.percentOff} is not null and ${t.percentOff} between 1 and 100 and ${t.amountOffCents} is null)
        or (${t.amountOffCents} is not null and ${t.amountOffCents} > 0 and ${t.percentOff} is null)`,
    ),
    check(
      "billing_coupons_cycles",
      sql`(${t.duration} = 'repeating') = (${t.durationCycles} is not null and ${t.durationCycles} > 0)`,
    ),
  ],
);

/** Offers (`o_id` on checkout links): a first-cycle price for one plan; later cycles cost the plan's price. */
export const billingOffers = pgTable(
  "billing_offers",
  {
    id: text("id").primaryKey(),
    planId: text("plan_id").$type<PlanId>().notNull(),
    firstCyclePriceCents: integer("first_cycle_price_cents").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [check("billing_offers_price", sql`${t.firstCyclePriceCents} >= 0`)],
);

/**
 * Tax rates by country, and optionally state (a state's row wins over its country's). Seeded with the
 * EU's standard VAT rates (migration 0007); an operator edits the table. No row: no tax.
 */
export const billingTaxRates = pgTable(
  "billing_tax_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    country: text("country").notNull(),
    /** '' for the whole country. */
    state: text("state").notNull().default(""),
    /** Basis points: 2000 = 20%. */
    rateBps: integer("rate_bps").notNull(),
    name: text("name").notNull().default("VAT"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("billing_tax_rates_country_state_idx").on(t.country, t.state),
    check("billing_tax_rates_rate", sql`${t.rateBps} between 0 and 10000`),
  ],
);

/** A member's saved checkout details and card (a processor's token, never a card number). */
export const billingCustomers = pgTable("billing_customers", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  country: text("country").notNull(),
  state: text("state").notNull().default(""),
  postalCode: text("postal_code").notNull(),
  processor: text("processor").notNull(),
  cardToken: text("card_token"),
  cardLast4: text("card_last4"),
  cardBrand: text("card_brand"),
  /** MM/YY. */
  cardExp: text("card_exp"),
  /** The order the saved card was first used for. */
  cardOrderId: uuid("card_order_id"),
  updatedAt: updatedAt(),
});

export const billingSubscriptions = pgTable(
  "billing_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null once the account is removed (the subscription ended with it; the ledger keeps its history). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    planId: text("plan_id").$type<PlanId>().notNull(),
    status: text("status").$type<SubscriptionStatus>().notNull(),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    /** The next renewal; when cancelled, the end of access. */
    recurAt: timestamp("recur_at", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** A change that waits for the next cycle (downgrade, monthly to yearly). */
    nextPlanId: text("next_plan_id").$type<PlanId>(),
    /** In grace: when access ends unless the amount due is paid; retries happen before it. */
    graceUntil: timestamp("grace_until", { withTimezone: true }),
    retries: integer("retries").notNull().default(0),
    nextRetryAt: timestamp("next_retry_at", { withTimezone: true }),
    platform: text("platform").notNull().default("web"),
    processor: text("processor").notNull(),
    orderId: uuid("order_id").notNull(),
    couponId: uuid("coupon_id").references(() => billingCoupons.id, { onDelete: "set null" }),
    /** Renewals the coupon still discounts; null with a coupon: forever. */
    couponCyclesLeft: integer("coupon_cycles_left"),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** Held while a renewal, retry, rebill or upgrade is being charged, so two never charge at once. */
    chargingUntil: timestamp("charging_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live subscription per member: repeated or concurrent orders cannot create a second.
    uniqueIndex("billing_subscriptions_one_live_idx")
      .on(t.userId)
      .where(sql`status in ('active', 'grace', 'cancelled')`),
    index("billing_subscriptions_user_idx").on(t.userId, t.createdAt),
    index("billing_subscriptions_due_idx").on(t.status, t.recurAt),
  ],
);

/**
 * One checkout attempt, keyed by its idempotency key (member, checkout session, card token, plan, offer,
 * coupon): `processing` while the card is charged, `pending_3ds` while the 3-D Secure challenge is open,
 * `completed` with the answer it gave (repeated requests get the same answer). A declined order is deleted.
 * An order left `pending_3ds` past `expires_at` becomes `expired` (its key freed for a new attempt).
 */
export const billingOrders = pgTable(
  "billing_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    status: text("status", { enum: ["processing", "pending_3ds", "completed", "expired"] }).notNull(),
    planId: text("plan_id").$type<PlanId>().notNull(),
    offerId: text("offer_id"),
    couponId: uuid("coupon_id"),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull(),
    /** The checkout details (email, names, country, state, postal code, platform). */
    details: jsonb("details").$type<Record<string, string>>().notNull(),
    processor: text("processor").notNull(),
    paymentToken: text("payment_token").notNull(),
    challengeId: uuid("challenge_id").unique(),
    subscriptionId: uuid("subscription_id"),
    transactionId: text("transaction_id"),
    /** The new_order answer once completed. */
    response: jsonb("response").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /**
     * While `pending_3ds`: when the order expires by the billing clock (PENDING_ORDER_EXPIRY_MINUTES after
     * the check opened); the job queue then moves it to `expired`.
     */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    // One order being charged per member at a time (a second checkout tab waits its turn).
    uniqueIndex("billing_orders_one_processing_idx").on(t.userId).where(sql`status = 'processing'`),
    index("billing_orders_expiry_idx").on(t.expiresAt).where(sql`status = 'pending_3ds'`),
  ],
);

/**
 * The append-only ledger of money: charges, refunds and credits (a trigger refuses updates and deletes).
 * `idempotency_key` is unique, so a charge is recorded once however often its job or request repeats.
 * user_id has no foreign key: the history outlives a removed account.
 */
export const billingLedger = pgTable(
  "billing_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id"),
    subscriptionId: uuid("subscription_id"),
    orderId: uuid("order_id"),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    taxCents: integer("tax_cents").notNull().default(0),
    currency: text("currency").notNull(),
    description: text("description").notNull(),
    planId: text("plan_id").$type<PlanId>(),
    processor: text("processor").notNull(),
    processorReference: text("processor_reference"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index("billing_ledger_user_idx").on(t.userId, t.createdAt),
    check("billing_ledger_amounts", sql`${t.amountCents} >= 0 and ${t.taxCents} >= 0`),
  ],
);

/**
 * The built-in test processor's own records (it stands in for a payment company): card tokens from its
 * hosted card page (last 4 digits and behaviour only, never the number) and the charges it approved,
 * by idempotency key, so a retried charge answers the same charge.
 */
export const billingTestCards = pgTable("billing_test_cards", {
  token: text("token").primaryKey(),
  last4: text("last4").notNull(),
  brand: text("brand").notNull(),
  exp: text("exp").notNull(),
  behaviour: text("behaviour", { enum: ["approve", "decline", "three_ds", "fail_off_session"] }).notNull(),
  createdAt: createdAt(),
});

export const billingTestCharges = pgTable("billing_test_charges", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  reference: text("reference").notNull().unique(),
  token: text("token").notNull(),
  amountCents: integer("amount_cents").notNull(),
  createdAt: createdAt(),
});

export type BillingCouponRow = typeof billingCoupons.$inferSelect;
export type BillingOfferRow = typeof billingOffers.$inferSelect;
export type BillingCustomerRow = typeof billingCustomers.$inferSelect;
export type BillingSubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type BillingOrderRow = typeof billingOrders.$inferSelect;
export type BillingLedgerRow = typeof billingLedger.$inferSelect;
export type BillingTestCardRow = typeof billingTestCards.$inferSelect;
