import {
  BILLING_TEXTS,
  type BillingHistoryEntry,
  type NewOrderResponse,
  PENDING_ORDER_EXPIRY_MINUTES,
  type PurchaseOptions,
  type StickyActionResponse,
  type Subscription,
} from "@hearth/contracts";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingLedger, billingOrders, users } from "../src/db/schema";
import type { Clock } from "../src/kernel/clock";
import { BILLING_JOBS } from "../src/modules/billing/index";
import { call, startServer, type TestServer } from "./harness";
import { type FakeStripe, startFakeStripe } from "./support/fake-stripe";
import { signUp } from "./support/members";

/**
 * Stripe through the real HTTP server: the official `stripe` package talks to a local fake of Stripe's
 * API (support/fake-stripe.ts); webhooks are signed with the package's own test header.
 */

const WEBHOOK_SECRET = "whsec_test_secret_for_hearth";
const DETAILS = {
  email: "buyer@example.test",
  first_name: "Ann",
  last_name: "Lee",
  country: "DE",
  state: "BE",
  postal_code: "10115",
};

let fake: FakeStripe;
let server: TestServer;
let now = Date.now();
const clock: Clock = { now: () => new Date(now) };
const signer = new Stripe("sk_test_signer");
let session = 0;

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startServer(
    {
      AUTH_RATE_LIMIT_MAX: "10000",
      STRIPE_SECRET_KEY: "sk_test_hearth",
      STRIPE_PUBLISHABLE_KEY: "pk_test_hearth",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    },
    undefined,
    { clock, jobPollingIntervalSeconds: 0.5 },
  );
}, 60_000);

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

type Member = { token: string; id: string };

async function member(): Promise<Member> {
  const signed = await signUp(server);
  return { token: signed.token, id: signed.user.id };
}

async function order(who: Member, paymentMethod: string) {
  session += 1;
  return call<NewOrderResponse>(server, "/api/checkout/new_order", {
    token: who.token,
    body: { ...DETAILS, payment_token: paymentMethod, plan_id: "basic_1m", session_id: `s-${session}` },
  });
}

async function webhook(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  const response = await fetch(`${server.url}/api/billing/stripe/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function intentEvent(type: string, object: unknown) {
  return { id: `evt_${session}_${type}`, object: "event", type, data: { object } };
}

async function ledgerOf(userId: string) {
  return server.database.db.select().from(billingLedger).where(eq(billingLedger.userId, userId));
}

async function roleOf(userId: string) {
  const [row] = await server.database.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role;
}

async function sticky(who: Member): Promise<Subscription | undefined> {
  const response = await call<{ data: Subscription[] }>(server, "/api/subscriptions/sticky", {
    token: who.token,
  });
  return response.body.data[0];
}

describe("Stripe processor", () => {
  it("answers the publishable key in the purchase options", async () => {
    const who = await member();
    const options = await call<PurchaseOptions>(server, "/api/checkout/purchase-options", {
      token: who.token,
    });
    expect(options.body.card).toEqual({
      processor: "stripe",
      test_mode: true,
      card_page_url: null,
      publishable_key: "pk_test_hearth",
    });
  });

  it("approves an order with a PaymentIntent saving the card on the member's customer", async () => {
    const who = await member();
    const response = await order(who, fake.paymentMethod("approve"));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ resp_msg: "Approved", error_message: null });
    const intent = fake.intents.get(String(response.body.transactionID));
    expect(intent).toMatchObject({ status: "succeeded", setup_future_usage: "off_session", amount: 1784 });
    expect(fake.customers.get(String(intent?.customer))?.metadata.member_id).toBe(who.id);
    expect(await roleOf(who.id)).not.toBe("free");
    expect((await ledgerOf(who.id)).map((row) => row.processorReference)).toEqual([intent?.id]);
    expect((await sticky(who))?.credit_card).toMatchObject({ last_4: "4242", type: "Visa" });
  });

  it("declines a declined card and writes nothing", async () => {
    const who = await member();
    const response = await order(who, fake.paymentMethod("decline"));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ error_message: "Your card was declined.", resp_msg: null });
    expect(await ledgerOf(who.id)).toEqual([]);
    expect(await sticky(who)).toBeUndefined();
  });

  it("completes a 3-D Secure order once through the webhook, however often it arrives", async () => {
    const who = await member();
    const response = await order(who, fake.paymentMethod("three_ds"));
    expect(response.body).toMatchObject({ resp_msg: "Redirect" });
    const frame = String(response.body.iframe_3ds_url);
    const [intentId] = [...fake.intents.values()]
      .filter((i) => i.status === "requires_action")
      .map((i) => i.id);
    // The frame leads to the intent's next action.
    const page = await fetch(`${server.url}${frame}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`content="0;url=${fake.url}/3ds/${intentId}"`);
    expect(await ledgerOf(who.id)).toEqual([]);

    const succeeded = fake.finishThreeDs(String(intentId), true);
    const event = intentEvent("payment_intent.succeeded", succeeded);
    const [first, second] = await Promise.all([webhook(event), webhook(event)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await webhook(event)).toMatchObject({ status: 200 });
    const ledger = await ledgerOf(who.id);
    expect(ledger.map((row) => row.processorReference)).toEqual([intentId]);
    expect((await sticky(who))?.subscription_status).toBe("active");
    const [row] = await server.database.db
      .select()
      .from(billingOrders)
      .where(eq(billingOrders.userId, who.id));
    expect(row?.status).toBe("completed");

    // The frame's return finds the order done and tells the checkout.
    const back = await fetch(`${server.url}/api/billing/stripe/return?payment_intent=${intentId}`);
    expect(back.status).toBe(200);
    expect(await back.text()).toContain("&#34;success&#34;");
    expect((await ledgerOf(who.id)).length).toBe(1);
  });

  it("drops a 3-D Secure order whose check failed (webhook payment_intent.payment_failed)", async () => {
    const who = await member();
    const response = await order(who, fake.paymentMethod("three_ds"));
    expect(response.body).toMatchObject({ resp_msg: "Redirect" });
    const intent = [...fake.intents.values()].find((i) => i.status === "requires_action");
    const failed = fake.finishThreeDs(String(intent?.id), false);
    expect((await webhook(intentEvent("payment_intent.payment_failed", failed))).status).toBe(200);
    expect(await ledgerOf(who.id)).toEqual([]);
    expect(await sticky(who)).toBeUndefined();
    const rows = await server.database.db
      .select()
      .from(billingOrders)
      .where(eq(billingOrders.userId, who.id));
    expect(rows).toEqual([]);
  });

  it("records a refund (charge.refunded) once per Stripe refund, shown in the billing history", async () => {
    const who = await member();
    const response = await order(who, fake.paymentMethod("approve"));
    expect(response.body.resp_msg).toBe("Approved");
    const intentId = String(response.body.transactionID);

    const partial = intentEvent("charge.refunded", fake.refund(intentId, 500));
    const twice = await Promise.all([webhook(partial), webhook(partial)]);
    expect(twice.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await webhook(partial)).toMatchObject({ status: 200 });
    const refundsOf = async () =>
      (await ledgerOf(who.id))
        .filter((row) => row.kind === "refund")
        .map((row) => [row.amountCents, row.taxCents])
        .sort((a, b) => Number(a[0]) - Number(b[0]));
    // 1784 = 1499 + 285 tax: a refund carries the charge's share of tax.
    expect(await refundsOf()).toEqual([[500, 80]]);

    // The rest: the event lists both refunds; only the new one is added.
    const rest = { ...intentEvent("charge.refunded", fake.refund(intentId, 1284)), id: "evt_rest" };
    expect((await webhook(rest)).status).toBe(200);
    expect((await webhook(rest)).status).toBe(200);
    expect(await refundsOf()).toEqual([
      [500, 80],
      [1284, 205],
    ]);

    // A forged refund applies nothing.
    const forged = intentEvent("charge.refunded", { ...fake.refund(intentId, 0), id: "ch_forged" });
    expect((await webhook(forged, "whsec_wrong")).status).toBe(400);
    expect((await refundsOf()).length).toBe(2);

    const history = await call<{ data: BillingHistoryEntry[] }>(server, "/api/billing/history", {
      token: who.token,
    });
    expect(history.status).toBe(200);
    expect(
      history.body.data
        .filter((entry) => entry.kind === "refund")
        .map((entry) => entry.amount)
        .sort(),
    ).toEqual([1284, 500]);
    expect(history.body.data.find((entry) => entry.kind === "charge")?.amount).toBe(1784);
  });

  it("ignores a refund of a charge it does not know", async () => {
    const who = await member();
    const response = await order(who, fake.paymentMethod("approve"));
    const charge = fake.refund(String(response.body.transactionID), 100);
    const unknown = intentEvent("charge.refunded", { ...charge, payment_intent: "pi_unknown" });
    expect((await webhook(unknown)).status).toBe(200);
    expect((await ledgerOf(who.id)).filter((row) => row.kind === "refund")).toEqual([]);
  });

  it("expires a 3-D Secure order left open: its intent is cancelled and a later success applies nothing", async () => {
    const who = await member();
    const response = await order(who, fake.paymentMethod("three_ds"));
    expect(response.body).toMatchObject({ resp_msg: "Redirect" });
    const intent = [...fake.intents.values()].find((i) => i.status === "requires_action");
    now += (PENDING_ORDER_EXPIRY_MINUTES + 1) * 60 * 1000;
    await server.app.jobs.send(BILLING_JOBS.sweep, {});
    await server.app.jobs.settle([BILLING_JOBS.sweep, BILLING_JOBS.subscription]);
    expect(fake.intents.get(String(intent?.id))?.status).toBe("canceled");
    const [row] = await server.database.db
      .select()
      .from(billingOrders)
      .where(eq(billingOrders.userId, who.id));
    expect(row?.status).toBe("expired");
    // Even a success arriving now (it cannot, the intent is cancelled) completes nothing.
    const late = { ...fake.intents.get(String(intent?.id)), status: "succeeded" };
    expect((await webhook(intentEvent("payment_intent.succeeded", late))).status).toBe(200);
    expect(await ledgerOf(who.id)).toEqual([]);
    expect(await sticky(who)).toBeUndefined();
  });

  it("refuses a webhook with a bad signature and applies nothing", async () => {
    const who = await member();
    const response = await order(who, fake.paymentMethod("three_ds"));
    expect(response.body).toMatchObject({ resp_msg: "Redirect" });
    const intent = [...fake.intents.values()].find((i) => i.status === "requires_action");
    const succeeded = fake.finishThreeDs(String(intent?.id), true);
    const forged = await webhook(intentEvent("payment_intent.succeeded", succeeded), "whsec_wrong");
    expect(forged.status).toBe(400);
    const unsigned = await fetch(`${server.url}/api/billing/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(intentEvent("payment_intent.succeeded", succeeded)),
    });
    expect(unsigned.status).toBe(400);
    expect(await ledgerOf(who.id)).toEqual([]);
    expect(await sticky(who)).toBeUndefined();
  });

  it("charges a renewal off-session with the saved card, and a card failing off-session goes to grace", async () => {
    now = Date.now();
    const who = await member();
    await order(who, fake.paymentMethod("approve"));
    const failing = await member();
    await order(failing, fake.paymentMethod("fail_off_session"));
    const sub = await sticky(who);
    now = Date.parse(String(sub?.recur_at)) + 60_000;
    await server.app.jobs.send(BILLING_JOBS.sweep, {});
    await server.app.jobs.settle([BILLING_JOBS.sweep, BILLING_JOBS.subscription]);
    const ledger = await ledgerOf(who.id);
    expect(ledger.length).toBe(2);
    const renewal = fake.intents.get(
      String(ledger.find((r) => r.idempotencyKey.startsWith("cycle:"))?.processorReference),
    );
    expect(renewal).toMatchObject({ off_session: true, status: "succeeded" });
    expect((await sticky(who))?.subscription_status).toBe("active");
    expect((await sticky(failing))?.subscription_status).toBe("grace");
    now = Date.now();
  });

  it("changes the card in the portal with a pm_ PaymentMethod, then charge_rebill pays the amount due with it", async () => {
    now = Date.now();
    const who = await member();
    const first = await order(who, fake.paymentMethod("fail_off_session"));
    expect(first.body).toMatchObject({ resp_msg: "Approved" });
    const customer = fake.intents.get(String(first.body.transactionID))?.customer;
    expect(customer).toBeTruthy();
    const sub = await sticky(who);
    const recurAt = Date.parse(String(sub?.recur_at));
    now = recurAt + 60_000;
    await server.app.jobs.send(BILLING_JOBS.sweep, {});
    await server.app.jobs.settle([BILLING_JOBS.sweep, BILLING_JOBS.subscription]);
    const graced = await sticky(who);
    expect(graced?.subscription_status).toBe("grace");
    const ids = { order_id: graced?.order_id, subscription_id: graced?.subscription_id };
    const act = (body: Record<string, unknown>) =>
      call<StickyActionResponse>(server, "/api/subscriptions/sticky", {
        method: "PUT",
        token: who.token,
        body: { ...body, ...ids },
      });

    // A token that is not a PaymentMethod Stripe knows is refused, and the card on file stays.
    const unknown = await act({ action: "change_card", card_token: "pm_does_not_exist" });
    expect(unknown.status).toBe(400);
    const notStripe = await act({ action: "change_card", card_token: "tok_test_approved" });
    expect(notStripe.status).toBe(400);
    expect((await sticky(who))?.credit_card?.last_4).toBe("0341");

    const card = fake.paymentMethod("approve");
    const changed = await act({ action: "change_card", card_token: card });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ status: "SUCCESS", message: BILLING_TEXTS.cardChanged });
    expect((await sticky(who))?.credit_card).toMatchObject({ last_4: "4242", type: "Visa" });

    const rebill = await act({ action: "charge_rebill" });
    expect(rebill.status, JSON.stringify(rebill.body)).toBe(200);
    expect(rebill.body).toMatchObject({ status: "SUCCESS", subscription_status: "active" });
    const paid = [...fake.intents.values()].filter((i) => i.payment_method === card);
    expect(paid).toHaveLength(1);
    // The new card joins the member's existing Stripe customer; no second customer is made.
    expect(paid[0]).toMatchObject({ status: "succeeded", customer });
    expect([...fake.customers.values()].filter((c) => c.metadata.member_id === who.id)).toHaveLength(1);
    const active = await sticky(who);
    expect(active?.subscription_status).toBe("active");
    expect(Date.parse(String(active?.recur_at))).toBeGreaterThan(recurAt);
    const ledger = await ledgerOf(who.id);
    expect(ledger.map((row) => row.processorReference)).toEqual([first.body.transactionID, paid[0]?.id]);
    expect(await roleOf(who.id)).not.toBe("free");
    now = Date.now();
  });
});
