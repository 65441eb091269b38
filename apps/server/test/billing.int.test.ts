import {
  BILLING_TEXTS,
  type CheckoutCalculation,
  type Country,
  type CountryState,
  type Me,
  type NewOrderResponse,
  PENDING_ORDER_EXPIRY_MINUTES,
  type PurchaseOptions,
  type StickyActionResponse,
  type Subscription,
  type SubscriptionPlan,
  type ThreeDsFrameMessage,
} from "@hearth/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { openDatabase } from "../src/db/client";
import {
  billingCoupons,
  billingCustomers,
  billingLedger,
  billingOffers,
  billingOrders,
  billingSubscriptions,
  billingTaxRates,
  billingTestCharges,
  users,
} from "../src/db/schema";
import type { Clock } from "../src/kernel/clock";
import { BILLING_JOBS } from "../src/modules/billing/index";
import { call, startServer, type TestServer } from "./harness";
import { expectError, PASSWORD, signUp } from "./support/members";

/**
 * Billing through the real HTTP server: checkout (calculate, new_order, 3-D Secure with the test
 * processor), the portal's actions, and renewals, grace and expiry run by the job queue against a clock
 * the test moves.
 */

const DAY = 24 * 60 * 60 * 1000;
const CARDS = {
  approved: "4242424242424242",
  declined: "4000000000000002",
  threeDs: "4000002760003184",
  failsLater: "4000000000000341",
} as const;

/** Berlin: Germany has states and a 19% VAT row. */
const DETAILS = {
  email: "buyer@example.test",
  first_name: "Ann",
  last_name: "Lee",
  country: "DE",
  state: "BE",
  postal_code: "10115",
};

let server: TestServer;
let now = Date.now();
const clock: Clock = { now: () => new Date(now) };
let session = 0;

beforeAll(async () => {
  server = await startServer({ AUTH_RATE_LIMIT_MAX: "10000" }, undefined, {
    clock,
    jobPollingIntervalSeconds: 0.5,
  });
  const { db } = server.database;
  await db.insert(billingCoupons).values([
    { code: "SAVE20", percentOff: 20, duration: "once" },
    { code: "FIVEOFF", amountOffCents: 500, duration: "forever" },
    { code: "TWICE10", percentOff: 10, duration: "repeating", durationCycles: 2 },
    { code: "PREMIUMONLY", percentOff: 50, planIds: ["premium_1m"] },
    { code: "OLD", percentOff: 50, expiresAt: new Date(Date.now() - DAY) },
    { code: "CAPPED", percentOff: 50, maxRedemptions: 1, redemptions: 1 },
  ]);
  await db.insert(billingOffers).values({ id: "first99", planId: "basic_1m", firstCyclePriceCents: 99 });
  await db.insert(billingTaxRates).values({ country: "US", state: "CA", rateBps: 725, name: "Sales tax" });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

type Member = { token: string; id: string };

async function member(): Promise<Member> {
  const signed = await signUp(server);
  return { token: signed.token, id: signed.user.id };
}

async function cardToken(number: string): Promise<string> {
  const response = await call<{ token: string }>(server, "/api/checkout/test-processor/tokens", {
    body: { number, exp: "12/39", cvc: "123" },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.token;
}

function orderBody(token: string | null, extra: Record<string, unknown> = {}) {
  session += 1;
  return {
    ...DETAILS,
    payment_token: token,
    plan_id: "basic_1m",
    session_id: `session-${session}`,
    ...extra,
  };
}

function newOrder(who: Member, body: Record<string, unknown>) {
  return call<NewOrderResponse>(server, "/api/checkout/new_order", { token: who.token, body });
}

function calculate(who: Member, body: Record<string, unknown>) {
  return call<CheckoutCalculation>(server, "/api/checkout/calculate", { token: who.token, body });
}

async function buy(who: Member, number: string = CARDS.approved, extra: Record<string, unknown> = {}) {
  const response = await newOrder(who, orderBody(await cardToken(number), extra));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.resp_msg).toBe("Approved");
  return response.body;
}

async function sticky(who: Member): Promise<Subscription> {
  const response = await call<{ data: Subscription[] }>(server, "/api/subscriptions/sticky", {
    token: who.token,
  });
  expect(response.status).toBe(200);
  const [first] = response.body.data;
  if (!first) throw new Error("no subscription");
  return first;
}

async function act(who: Member, action: string, extra: Record<string, unknown> = {}) {
  const sub = await sticky(who);
  return call<StickyActionResponse>(server, "/api/subscriptions/sticky", {
    method: "PUT",
    token: who.token,
    body: { action, order_id: sub.order_id, subscription_id: sub.subscription_id, ...extra },
  });
}

async function me(who: Member): Promise<Me> {
  const response = await call<Me>(server, "/api/me", { token: who.token });
  expect(response.status).toBe(200);
  return response.body;
}

/** Moves the billing clock to `at` and lets the job queue do what is due. */
async function runJobsAt(at: number): Promise<void> {
  now = at;
  await server.app.jobs.send(BILLING_JOBS.sweep, {});
  await server.app.jobs.settle([BILLING_JOBS.sweep, BILLING_JOBS.subscription]);
}

async function ledgerOf(userId: string) {
  return server.database.db
    .select()
    .from(billingLedger)
    .where(eq(billingLedger.userId, userId))
    .orderBy(billingLedger.createdAt);
}

/** Every billing row of the member (what "nothing written" compares). */
async function rowsOf(userId: string) {
  const { db } = server.database;
  const [orders, subs, ledger, customers] = await Promise.all([
    db.select().from(billingOrders).where(eq(billingOrders.userId, userId)),
    db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)),
    ledgerOf(userId),
    db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)),
  ]);
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return {
    orders: orders.length,
    subs: subs.length,
    ledger: ledger.length,
    customers: customers.length,
    role: user?.role,
  };
}

describe("plans, countries and purchase options", () => {
  it("lists the six plans with the spec's prices and lines", async () => {
    const response = await call<{ data: SubscriptionPlan[] }>(server, "/api/subscriptions/plans");
    expect(response.status).toBe(200);
    const plans = Object.fromEntries(response.body.data.map((plan) => [plan.plan_id, plan]));
    expect(Object.keys(plans)).toHaveLength(6);
    expect(plans.minimal_1m?.price).toBe(499);
    expect(plans.minimal_1m?.per_day).toBe(17);
    expect(plans.basic_1y?.price).toBe(14999);
    expect(plans.basic_1y?.annual_tagline).toBe("2 months free / 16% Off");
    expect(plans.premium_1m?.name).toBe("I'm All In");
  });

  it("serves countries and their states from the data package", async () => {
    const countries = await call<{ data: Country[] }>(server, "/api/checkout/countries");
    expect(countries.status).toBe(200);
    expect(countries.body.data.length).toBeGreaterThan(200);
    expect(countries.body.data.find((c) => c.iso2 === "US")).toMatchObject({
      name: "United States",
      has_states: true,
    });
    expect(countries.body.data.find((c) => c.iso2 === "HK")?.has_states).toBe(false);
    const states = await call<{ data: CountryState[] }>(server, "/api/checkout/countries/us/states");
    expect(states.body.data).toContainEqual({ name: "California", state_code: "CA" });
    expectError(await call(server, "/api/checkout/countries/ZZ/states"), 404, "not_found");
  });

  it("offers the card through the test processor", async () => {
    const who = await member();
    const response = await call<PurchaseOptions>(server, "/api/checkout/purchase-options", {
      token: who.token,
    });
    expect(response.body).toEqual({
      default_plan_id: "basic_1m",
      payment_methods: [{ id: "card", name: "Card", options: [] }],
      card: {
        processor: "test",
        test_mode: true,
        card_page_url: "/api/checkout/test-processor/card",
        publishable_key: null,
      },
    });
    const page = await call<string>(server, "/api/checkout/test-processor/card");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(page.body).toContain(BILLING_TEXTS.testMode);
  });

  it("tokenizes only a valid card (Luhn, expiry, CVV)", async () => {
    const bad = [
      { number: "4242424242424241", exp: "12/39", cvc: "123" },
      { number: CARDS.approved, exp: "01/20", cvc: "123" },
      { number: CARDS.approved, exp: "13/39", cvc: "123" },
      { number: CARDS.approved, exp: "12/39", cvc: "12" },
    ];
    for (const body of bad) {
      expectError(await call(server, "/api/checkout/test-processor/tokens", { body }), 400, "card_invalid");
    }
    expect(await cardToken(CARDS.approved)).toMatch(/^tok_test_/);
  });
});

describe("POST /api/checkout/calculate", () => {
  it("prices a plan with the address's tax", async () => {
    const who = await member();
    const response = await calculate(who, { plan_id: "basic_1m", ...DETAILS });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      line_items: [{ name: "True Supporter (Monthly)", plan_id: "basic_1m", amount: 1499 }],
      subtotal: 1499,
      discounts: [],
      tax: { total: 285, rate_bps: 1900 },
      total: 1784,
      renewal_total: 1784,
      currency: "USD",
      on_file: null,
    });
    // No tax row: no tax; a state's own row counts.
    const us = await calculate(who, { plan_id: "basic_1m", country: "US", state: "NY" });
    expect(us.body.tax.total).toBe(0);
    const california = await calculate(who, { plan_id: "basic_1m", country: "US", state: "CA" });
    expect(california.body.tax).toEqual({ total: 109, rate_bps: 725 });
    // Details may still be incomplete while the member types.
    const bare = await calculate(who, { plan_id: "minimal_1y" });
    expect(bare.body).toMatchObject({ subtotal: 4999, total: 4999 });
  });

  it("answers valid and invalid coupons per discount, and offers", async () => {
    const who = await member();
    const valid = await calculate(who, { plan_id: "basic_1m", ...DETAILS, promo_code: "save20" });
    expect(valid.body.discounts).toEqual([{ code: "SAVE20", valid: true, total: 300, error: null }]);
    expect(valid.body.tax.total).toBe(228);
    expect(valid.body.total).toBe(1499 - 300 + 228);
    expect(valid.body.renewal_total).toBe(1784);
    const forever = await calculate(who, { plan_id: "basic_1m", ...DETAILS, promo_code: "FIVEOFF" });
    expect(forever.body.total).toBe(999 + 190);
    expect(forever.body.renewal_total).toBe(999 + 190);
    for (const code of ["NOPE", "PREMIUMONLY", "OLD", "CAPPED"]) {
      const invalid = await calculate(who, { plan_id: "basic_1m", ...DETAILS, promo_code: code });
      expect(invalid.body.discounts, code).toEqual([
        { code, valid: false, total: 0, error: BILLING_TEXTS.invalidCoupon },
      ]);
      expect(invalid.body.total, code).toBe(1784);
    }
    // The demo seed's coupon and offer.
    const demo = await calculate(who, {
      plan_id: "basic_1m",
      offer_id: "demo-first-month",
      promo_code: "demo10",
    });
    expect(demo.body).toMatchObject({
      subtotal: 99,
      discounts: [{ code: "DEMO10", valid: true, total: 10 }],
    });
    const premiumOnly = await calculate(who, { plan_id: "premium_1m", promo_code: "PREMIUMONLY" });
    expect(premiumOnly.body.discounts[0]?.valid).toBe(true);
    const offer = await calculate(who, { plan_id: "basic_1m", offer_id: "first99", ...DETAILS });
    expect(offer.body.line_items[0]).toMatchObject({
      amount: 99,
      name: "True Supporter (Monthly), first period",
    });
    expect(offer.body.total).toBe(99 + 19);
    expect(offer.body.renewal_total).toBe(1784);
    const otherPlan = await calculate(who, { plan_id: "premium_1m", offer_id: "first99" });
    expect(otherPlan.body.subtotal).toBe(2499);
  });
});

describe("POST /api/checkout/new_order", () => {
  it("charges, activates at once and gives the plan's role and permissions", async () => {
    const who = await member();
    const answer = await buy(who, CARDS.approved, { promo_code: "SAVE20" });
    expect(answer).toMatchObject({
      error_message: null,
      orderTotal: 1427,
      currency: "USD",
      plan: "basic_1m",
    });
    expect(answer.transactionID).toMatch(/^ch_test_/);
    const profile = await me(who);
    expect(profile.role).toBe("basic");
    expect(profile.permissions).toContain("generation_settings");
    expect(profile.subscription_platform).toBe("web");
    const sub = await sticky(who);
    expect(sub).toMatchObject({
      order_id: answer.order_id,
      subscription_id: answer.subscription_id,
      subscription_status: "active",
      frequency: "Monthly Subscription",
      is_card_deleted: false,
      credit_card: { last_4: "4242", type: "Visa" },
      current_product: { plan_id: "basic_1m", price: 1499 },
      next_product: null,
      amount_due: null,
      can_manage: true,
    });
    const history = await call<{ data: { amount: number; kind: string; tax: number }[] }>(
      server,
      "/api/billing/history",
      { token: who.token },
    );
    expect(history.body.data).toEqual([expect.objectContaining({ kind: "charge", amount: 1427, tax: 228 })]);
    const [coupon] = await server.database.db
      .select()
      .from(billingCoupons)
      .where(eq(billingCoupons.code, "SAVE20"));
    expect(coupon?.redemptions).toBe(1);
    // Details and card are on file for the next checkout.
    const again = await calculate(who, { plan_id: "premium_1m" });
    expect(again.body.on_file).toMatchObject({
      first_name: "Ann",
      country: "DE",
      state: "BE",
      postal_code: "10115",
      order_id: answer.order_id,
      credit_card: { last_4: "4242", type: "Visa", exp: "12/39" },
    });
  });

  it("charges once and creates one subscription when repeated, also concurrently", async () => {
    const who = await member();
    const body = orderBody(await cardToken(CARDS.approved));
    const answers = await Promise.all(Array.from({ length: 5 }, () => newOrder(who, body)));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const first = answers[0]?.body;
    expect(first?.resp_msg).toBe("Approved");
    for (const answer of answers) expect(answer.body).toEqual(first);
    const later = await newOrder(who, body);
    expect(later.body).toEqual(first);
    expect(await rowsOf(who.id)).toMatchObject({ orders: 1, subs: 1, ledger: 1, role: "basic" });
    // Another checkout attempt cannot buy a second subscription.
    expectError(await newOrder(who, orderBody(await cardToken(CARDS.approved))), 409, "subscription_exists");
    expect(await rowsOf(who.id)).toMatchObject({ orders: 1, subs: 1, ledger: 1 });
  });

  it("resumes an order its server left while charging, and charges it once", async () => {
    const who = await member();
    const token = await cardToken(CARDS.approved);
    const [stale] = await server.database.db
      .insert(billingOrders)
      .values({
        userId: who.id,
        idempotencyKey: `crashed-${who.id}`,
        status: "processing",
        planId: "minimal_1m",
        subtotalCents: 499,
        discountCents: 0,
        taxCents: 0,
        totalCents: 499,
        currency: "USD",
        details: { ...DETAILS, country: "US", state: "NY", postal_code: "10001", platform: "web" },
        processor: "test",
        paymentToken: token,
        createdAt: new Date(Date.now() - 3 * 60_000),
      })
      .returning();
    // Another checkout attempt resumes it (its charge under the order's own key), then finds the member subscribed.
    expectError(await newOrder(who, orderBody(token)), 409, "subscription_exists");
    const [order] = await server.database.db
      .select()
      .from(billingOrders)
      .where(eq(billingOrders.id, stale?.id ?? ""));
    expect(order?.status).toBe("completed");
    expect(await rowsOf(who.id)).toMatchObject({ orders: 1, subs: 1, ledger: 1, role: "minimal" });
  });

  it("answers a decline with its message and writes nothing", async () => {
    const who = await member();
    const response = await newOrder(who, orderBody(await cardToken(CARDS.declined)));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      error_message: BILLING_TEXTS.declined,
      resp_msg: null,
      order_id: null,
    });
    expect(await rowsOf(who.id)).toEqual({ orders: 0, subs: 0, ledger: 0, customers: 0, role: "free" });
  });

  it("completes a 3-D Secure purchase once the challenge is approved, once", async () => {
    const who = await member();
    const response = await newOrder(who, orderBody(await cardToken(CARDS.threeDs)));
    expect(response.body.resp_msg).toBe("Redirect");
    const url = response.body.iframe_3ds_url ?? "";
    expect(url).toMatch(/^\/api\/checkout\/test-processor\/3ds\/[0-9a-f-]{36}$/);
    expect(await rowsOf(who.id)).toMatchObject({ subs: 0, ledger: 0, role: "free" });
    const page = await call<string>(server, url);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Approve");
    expect(page.body).toContain("$17.84");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    const decisions = await Promise.all(
      [1, 2, 3].map(() => call<ThreeDsFrameMessage>(server, url, { body: { decision: "approve" } })),
    );
    for (const decision of decisions) {
      expect(decision.status, JSON.stringify(decision.body)).toBe(200);
      expect(decision.body.status).toBe("success");
      expect(decision.body.order).toEqual(decisions[0]?.body.order);
    }
    expect(decisions[0]?.body.order).toMatchObject({ resp_msg: "Approved", orderTotal: 1784 });
    expect(await rowsOf(who.id)).toMatchObject({ orders: 1, subs: 1, ledger: 1, role: "basic" });
  });

  it("drops a purchase whose 3-D Secure check fails", async () => {
    const who = await member();
    const response = await newOrder(who, orderBody(await cardToken(CARDS.threeDs)));
    const failed = await call<ThreeDsFrameMessage>(server, response.body.iframe_3ds_url ?? "", {
      body: { decision: "fail" },
    });
    expect(failed.body).toMatchObject({ type: "hearth:3ds", status: "failure" });
    expect(failed.body.order.error_message).toBe(BILLING_TEXTS.threeDsFailed);
    expect(await rowsOf(who.id)).toEqual({ orders: 0, subs: 0, ledger: 0, customers: 0, role: "free" });
  });

  it("refuses bad input on every field with the spec's message and writes nothing", async () => {
    const who = await member();
    const token = await cardToken(CARDS.approved);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: "nope" }, "email", BILLING_TEXTS.invalidEmail],
      [{ email: `${"a".repeat(320)}@example.test` }, "email", BILLING_TEXTS.invalidEmail],
      [{ first_name: "  " }, "first_name", BILLING_TEXTS.firstNameRequired],
      [{ first_name: "x".repeat(31) }, "first_name", BILLING_TEXTS.nameTooLong],
      [{ last_name: "" }, "last_name", BILLING_TEXTS.lastNameRequired],
      [{ last_name: "y".repeat(31) }, "last_name", BILLING_TEXTS.nameTooLong],
      [{ country: "" }, "country", BILLING_TEXTS.countryRequired],
      [{ country: "ZZ" }, "country", BILLING_TEXTS.countryRequired],
      [{ country: "US", state: "", postal_code: "94103" }, "state", "Choose a state"],
      [{ country: "CA", state: "Atlantis", postal_code: "K1A 0B1" }, "state", "Choose a province"],
      [{ country: "US", state: "CA", postal_code: "ABCDE" }, "postal_code", "Invalid Zip"],
      [{ country: "GB", state: "", postal_code: "123" }, "postal_code", "Invalid Postal Code"],
      [{ postal_code: "" }, "postal_code", "Invalid Postal Code"],
      [{ postal_code: "1".repeat(17) }, "postal_code", "Invalid Postal Code"],
      [{ promo_code: "NOPE" }, "promo_code", BILLING_TEXTS.invalidCoupon],
      [{ promo_code: "CAPPED" }, "promo_code", BILLING_TEXTS.invalidCoupon],
      [{ plan_id: "gold" }, "plan_id", "Choose a plan"],
    ];
    for (const [change, field, message] of cases) {
      const response = await newOrder(who, { ...orderBody(token), ...change });
      const error = expectError(response, 400, "validation_error");
      expect(error.fields?.[field], JSON.stringify(change)).toBe(message);
    }
    const badCard = await newOrder(who, orderBody("tok_test_unknown"));
    expect(expectError(badCard, 400, "card_invalid").fields?.payment_token).toBe(BILLING_TEXTS.invalidCard);
    const noCardOnFile = await newOrder(who, orderBody(null));
    expectError(noCardOnFile, 400, "card_invalid");
    expect(await rowsOf(who.id)).toEqual({ orders: 0, subs: 0, ledger: 0, customers: 0, role: "free" });
    // The same rules on calculate where a field is given.
    expectError(await calculate(who, { plan_id: "basic_1m", country: "ZZ" }), 400, "validation_error");
    expectError(
      await calculate(who, { plan_id: "basic_1m", email: "a".repeat(321) }),
      400,
      "validation_error",
    );
  });
});

describe("renewals, grace and expiry (job queue, moved clock)", () => {
  it("renews at recur_at and extends the subscription", async () => {
    now = Date.now();
    const who = await member();
    await buy(who);
    const before = await sticky(who);
    await runJobsAt(Date.parse(before.recur_at) - 60_000);
    expect((await ledgerOf(who.id)).length).toBe(1);
    await runJobsAt(Date.parse(before.recur_at) + 60_000);
    const after = await sticky(who);
    expect(after.subscription_status).toBe("active");
    expect(Date.parse(after.recur_at)).toBeGreaterThan(Date.parse(before.recur_at) + 27 * DAY);
    const ledger = await ledgerOf(who.id);
    expect(ledger.map((entry) => entry.amountCents)).toEqual([1784, 1784]);
    // Running the due work again charges nothing more.
    await runJobsAt(Date.parse(before.recur_at) + 120_000);
    expect((await ledgerOf(who.id)).length).toBe(2);
    now = Date.now();
  });

  it("moves a failed renewal to grace; charge_rebill with a new card makes it active", async () => {
    now = Date.now();
    const who = await member();
    await buy(who, CARDS.failsLater);
    const bought = await sticky(who);
    const recurAt = Date.parse(bought.recur_at);
    await runJobsAt(recurAt + 60_000);
    const grace = await sticky(who);
    expect(grace).toMatchObject({ subscription_status: "grace", amount_due: 1784 });
    expect(Date.parse(grace.grace_until ?? "")).toBe(recurAt + 7 * DAY);
    expect((await me(who)).role).toBe("basic");
    const failed = await act(who, "charge_rebill");
    expect(failed.body).toMatchObject({
      status: "FAILED",
      subscription_status: "grace",
      message: BILLING_TEXTS.declined,
    });
    expectError(
      await act(who, "change_plan", { plan_id: "premium_1m" }),
      409,
      "subscription_action_unavailable",
    );
    const changed = await act(who, "change_card", { card_token: await cardToken(CARDS.approved) });
    expect(changed.body).toMatchObject({ status: "SUCCESS", message: BILLING_TEXTS.cardChanged });
    const rebill = await act(who, "charge_rebill");
    expect(rebill.body).toMatchObject({ status: "SUCCESS", subscription_status: "active" });
    const active = await sticky(who);
    expect(active).toMatchObject({ subscription_status: "active", amount_due: null, grace_until: null });
    expect(active.credit_card?.last_4).toBe("4242");
    expect(Date.parse(active.recur_at)).toBeGreaterThan(recurAt + 27 * DAY);
    expect((await ledgerOf(who.id)).length).toBe(2);
    now = Date.now();
  });

  it("retries during grace, then expires it and sets the role back to free", async () => {
    now = Date.now();
    const who = await member();
    await buy(who, CARDS.failsLater);
    const recurAt = Date.parse((await sticky(who)).recur_at);
    await runJobsAt(recurAt + 60_000);
    await runJobsAt(recurAt + DAY + 60_000);
    const [retried] = await server.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, who.id));
    expect(retried).toMatchObject({ status: "grace", retries: 2 });
    await runJobsAt(recurAt + 7 * DAY + 60_000);
    const expired = await sticky(who);
    expect(expired.subscription_status).toBe("expired");
    expect(expired.next_product?.plan_id).toBe("basic_1m");
    const profile = await me(who);
    expect(profile.role).toBe("free");
    expect(profile.permissions).not.toContain("generation_settings");
    expect(profile.subscription_platform).toBeNull();
    expect((await ledgerOf(who.id)).length).toBe(1);
    now = Date.now();
  });

  it("cancel ends access at recur_at; uncancel undoes it", async () => {
    now = Date.now();
    const who = await member();
    await buy(who);
    const cancelled = await act(who, "cancel");
    expect(cancelled.body).toMatchObject({ status: "SUCCESS", subscription_status: "cancelled" });
    expectError(
      await act(who, "change_plan", { plan_id: "premium_1m" }),
      409,
      "subscription_action_unavailable",
    );
    expect((await act(who, "uncancel")).body).toMatchObject({
      status: "SUCCESS",
      subscription_status: "active",
    });
    expect((await act(who, "cancel")).body.subscription_status).toBe("cancelled");
    const recurAt = Date.parse((await sticky(who)).recur_at);
    await runJobsAt(recurAt - 60_000);
    expect((await me(who)).role).toBe("basic");
    await runJobsAt(recurAt + 60_000);
    expect((await sticky(who)).subscription_status).toBe("expired");
    expect((await me(who)).role).toBe("free");
    expect((await ledgerOf(who.id)).length).toBe(1);
    now = Date.now();
  });
});

describe("several instances", () => {
  it("charges a due renewal once when two instances run the jobs", async () => {
    now = Date.now();
    const who = await member();
    await buy(who);
    const recurAt = Date.parse((await sticky(who)).recur_at);
    // A second instance: on PostgreSQL its own connection pool, on PGlite the same embedded database.
    const ownDatabase = server.database.driver === "postgres" ? await openDatabase(server.config) : null;
    const second = await buildApp(server.config, {
      database: ownDatabase ?? server.database,
      clock,
      jobPollingIntervalSeconds: 0.5,
    });
    try {
      await second.ready();
      now = recurAt + 60_000;
      await Promise.all([
        server.app.jobs.send(BILLING_JOBS.sweep, {}),
        second.jobs.send(BILLING_JOBS.sweep, {}),
        second.jobs.send(BILLING_JOBS.subscription, { subscriptionId: (await sticky(who)).subscription_id }),
      ]);
      await server.app.jobs.settle([BILLING_JOBS.sweep, BILLING_JOBS.subscription]);
      await second.jobs.settle([BILLING_JOBS.sweep, BILLING_JOBS.subscription]);
      expect((await ledgerOf(who.id)).map((entry) => entry.amountCents)).toEqual([1784, 1784]);
      expect(Date.parse((await sticky(who)).recur_at)).toBeGreaterThan(recurAt);
    } finally {
      await second.close();
      await ownDatabase?.close();
      now = Date.now();
    }
  });
});

describe("plan changes", () => {
  it("charges an upgrade's prorated difference with tax now; downgrades wait for the next cycle", async () => {
    now = Date.now();
    const who = await member();
    await buy(who);
    const start = await server.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, who.id));
    const sub = start[0];
    if (!sub) throw new Error("no subscription");
    const period = sub.recurAt.getTime() - sub.currentPeriodStart.getTime();
    now = sub.currentPeriodStart.getTime() + Math.floor(period / 4);
    const view = await sticky(who);
    const premium = view.available_plans.find((plan) => plan.plan_id === "premium_1m");
    const left = Math.floor((sub.recurAt.getTime() - now) / 1000);
    const total = Math.floor(period / 1000);
    const base = Math.round((1000 * left) / total);
    const expected = base + Math.round((base * 1900) / 10_000);
    expect(premium).toMatchObject({ change_timing: "DISPLAY_PRICE", upgrade_price: expected });
    expect(view.available_plans.find((plan) => plan.plan_id === "minimal_1m")).toMatchObject({
      change_timing: "NEXT_CYCLE",
      upgrade_price: 0,
    });
    expect(view.available_plans.find((plan) => plan.plan_id === "premium_1y")?.change_timing).toBe(
      "NEXT_CYCLE",
    );
    expect(view.available_plans.map((plan) => plan.plan_id)).not.toContain("basic_1m");

    const upgraded = await act(who, "change_plan", { plan_id: "premium_1m" });
    expect(upgraded.body).toMatchObject({ status: "SUCCESS", change_timing: "DISPLAY_PRICE" });
    expect((await me(who)).role).toBe("premium");
    const ledger = await ledgerOf(who.id);
    expect(ledger.map((entry) => entry.amountCents)).toEqual([1784, expected]);
    const afterUpgrade = await sticky(who);
    expect(afterUpgrade.current_product.plan_id).toBe("premium_1m");
    expect(afterUpgrade.recur_at).toBe(view.recur_at);

    const downgrade = await act(who, "change_plan", { plan_id: "minimal_1m" });
    expect(downgrade.body).toMatchObject({
      status: "SUCCESS",
      change_timing: "NEXT_CYCLE",
      message: BILLING_TEXTS.nextCycle,
    });
    expect((await sticky(who)).next_product?.plan_id).toBe("minimal_1m");
    expect((await me(who)).role).toBe("premium");
    expectError(
      await act(who, "change_plan", { plan_id: "premium_1m" }),
      409,
      "subscription_action_unavailable",
    );

    await runJobsAt(Date.parse(view.recur_at) + 60_000);
    const renewed = await sticky(who);
    expect(renewed).toMatchObject({ current_product: { plan_id: "minimal_1m" }, next_product: null });
    expect((await me(who)).role).toBe("minimal");
    expect((await ledgerOf(who.id)).map((entry) => entry.amountCents)).toEqual([1784, expected, 499 + 95]);
    now = Date.now();
  });

  it("shows a yearly subscriber yearly plans only", async () => {
    now = Date.now();
    const who = await member();
    await buy(who, CARDS.approved, { plan_id: "basic_1y" });
    const view = await sticky(who);
    expect(view.frequency).toBe("Yearly Subscription");
    expect(view.available_plans.map((plan) => plan.plan_id).sort()).toEqual(["minimal_1y", "premium_1y"]);
    expectError(
      await act(who, "change_plan", { plan_id: "premium_1m" }),
      409,
      "subscription_action_unavailable",
    );
  });

  it("keeps a repeating coupon for its cycles", async () => {
    now = Date.now();
    const who = await member();
    await buy(who, CARDS.approved, {
      promo_code: "TWICE10",
      country: "US",
      state: "NY",
      postal_code: "10001",
    });
    const first = Date.parse((await sticky(who)).recur_at);
    await runJobsAt(first + 60_000);
    const second = Date.parse((await sticky(who)).recur_at);
    await runJobsAt(second + 60_000);
    expect((await ledgerOf(who.id)).map((entry) => entry.amountCents)).toEqual([1349, 1349, 1499]);
    now = Date.now();
  });
});

describe("other members and account removal", () => {
  it("does not let another member act on a subscription", async () => {
    const owner = await member();
    await buy(owner);
    const sub = await sticky(owner);
    const other = await member();
    const response = await call(server, "/api/subscriptions/sticky", {
      method: "PUT",
      token: other.token,
      body: { action: "cancel", order_id: sub.order_id, subscription_id: sub.subscription_id },
    });
    expectError(response, 404, "not_found");
    expect((await sticky(owner)).subscription_status).toBe("active");
  });

  it("warns before removal and ends the subscription with the account, keeping the ledger", async () => {
    const who = await member();
    const removalCheck = async () =>
      (
        await call<{ managed_subscription: boolean }>(server, "/api/users/removal-check", {
          token: who.token,
        })
      ).body;
    expect((await removalCheck()).managed_subscription).toBe(false);
    const answer = await buy(who);
    expect((await removalCheck()).managed_subscription).toBe(true);
    const removed = await call(server, "/api/users", {
      method: "DELETE",
      token: who.token,
      body: { password: PASSWORD },
    });
    expect(removed.status).toBe(204);
    const [sub] = await server.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, answer.subscription_id ?? ""));
    expect(sub).toMatchObject({ status: "expired", userId: null });
    expect((await ledgerOf(who.id)).length).toBe(1);
    // The ledger refuses changes.
    await expect(
      server.database.db.execute(sql`update billing_ledger set amount_cents = 0 where user_id = ${who.id}`),
    ).rejects.toThrow();
  });
});

describe("orders waiting for a 3-D Secure check expire (job queue, moved clock)", () => {
  const MINUTE = 60 * 1000;

  async function ordersOf(userId: string) {
    return server.database.db.select().from(billingOrders).where(eq(billingOrders.userId, userId));
  }

  async function testChargesFor(orderId: string) {
    return server.database.db
      .select()
      .from(billingTestCharges)
      .where(eq(billingTestCharges.idempotencyKey, `order:${orderId}`));
  }

  it("drops an abandoned order after the timeout; approving it later answers 410 and charges nothing", async () => {
    const who = await member();
    const body = orderBody(await cardToken(CARDS.threeDs));
    const opened = await newOrder(who, body);
    expect(opened.body.resp_msg).toBe("Redirect");
    const url = opened.body.iframe_3ds_url ?? "";
    const orderId = opened.body.order_id ?? "";
    const start = now;

    await runJobsAt(start + (PENDING_ORDER_EXPIRY_MINUTES - 1) * MINUTE);
    expect((await ordersOf(who.id)).map((order) => order.status)).toEqual(["pending_3ds"]);

    await runJobsAt(start + (PENDING_ORDER_EXPIRY_MINUTES + 1) * MINUTE);
    expect((await ordersOf(who.id)).map((order) => order.status)).toEqual(["expired"]);

    const approved = await call<{ error: { code: string; message: string } }>(server, url, {
      body: { decision: "approve" },
    });
    expect(approved.status).toBe(410);
    expect(approved.body.error).toEqual({ code: "order_expired", message: BILLING_TEXTS.orderExpired });
    expect(await testChargesFor(orderId)).toEqual([]);
    expect(await rowsOf(who.id)).toEqual({ orders: 1, subs: 0, ledger: 0, customers: 0, role: "free" });

    // The same details again open a new order (the expired one no longer holds the key).
    const again = await newOrder(who, body);
    expect(again.status).toBe(200);
    expect(again.body.resp_msg).toBe("Redirect");
    expect(again.body.order_id).not.toBe(orderId);
  });

  it("refuses an approval past the timeout even before the queue has run", async () => {
    const who = await member();
    const opened = await newOrder(who, orderBody(await cardToken(CARDS.threeDs)));
    const orderId = opened.body.order_id ?? "";
    now += (PENDING_ORDER_EXPIRY_MINUTES + 1) * MINUTE;
    const approved = await call<{ error: { code: string } }>(server, opened.body.iframe_3ds_url ?? "", {
      body: { decision: "approve" },
    });
    expect(approved.status).toBe(410);
    expect(approved.body.error.code).toBe("order_expired");
    expect(await testChargesFor(orderId)).toEqual([]);
    expect((await ordersOf(who.id)).map((order) => order.status)).toEqual(["expired"]);
    expect(await rowsOf(who.id)).toMatchObject({ subs: 0, ledger: 0, role: "free" });
  });
});
