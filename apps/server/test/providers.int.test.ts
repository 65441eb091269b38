import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type BillingHistoryEntry,
  type CheckoutCalculation,
  CRYPTO_PLANS,
  cryptoPriceCents,
  type ProviderNewPaymentResponse,
  type PurchaseOptions,
  type Subscription,
} from "@hearth/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingLedger, users } from "../src/db/schema";
import { canonicalQuery, hmacHex } from "../src/modules/billing/providers";
import { call, startServer, type TestServer } from "./harness";
import { signUp } from "./support/members";

/**
 * The alternative providers through the real HTTP server: a local fake provider checks the hosted page's
 * signed parameters and calls back signed (README, Billing: the protocol).
 */

const SECRET = "volt-test-secret-0123456789";
const INWIZO_SECRET = "inwizo-test-secret-0123456789";
const DETAILS = {
  email: "buyer@example.test",
  first_name: "Ann",
  last_name: "Lee",
  country: "DE",
  state: "BE",
  postal_code: "10115",
  plan_id: "basic_1m",
};

type Payment = { params: Record<string, string>; signatureValid: boolean };

let server: TestServer;
let provider: Server;
let providerUrl = "";
const payments: Payment[] = [];

beforeAll(async () => {
  // The fake provider's hosted page: records what it was sent and whether the signature matched.
  provider = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://provider");
    const params = Object.fromEntries(url.searchParams);
    const secret = url.pathname.startsWith("/inwizo") ? INWIZO_SECRET : SECRET;
    payments.push({ params, signatureValid: params.signature === hmacHex(secret, canonicalQuery(params)) });
    response.writeHead(200, { "content-type": "text/html" });
    response.end("<p>Pay here</p>");
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  server = await startServer({
    AUTH_RATE_LIMIT_MAX: "10000",
    PUBLIC_URL: "http://app.example.test",
    PAYMENT_PROVIDERS: JSON.stringify([
      { name: "volt", base_url: `${providerUrl}/volt/pay`, secret: SECRET },
      { name: "inwizo", base_url: `${providerUrl}/inwizo/pay`, secret: INWIZO_SECRET },
      { name: "coinpayments", base_url: `${providerUrl}/coinpayments/pay`, secret: SECRET },
    ]),
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (provider ? provider.close(() => resolve()) : resolve()));
});

async function member() {
  const signed = await signUp(server);
  return { token: signed.token, id: signed.user.id };
}

function newPayment(token: string, name: string, extra: Record<string, unknown> = {}) {
  return call<ProviderNewPaymentResponse>(server, `/api/checkout/${name}_new_payment`, {
    token,
    body: { ...DETAILS, ...extra },
  });
}

async function callback(name: string, body: Record<string, unknown>, secret = SECRET) {
  const raw = JSON.stringify(body);
  const response = await fetch(`${server.url}/api/checkout/${name}/callback`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-signature": hmacHex(secret, raw) },
    body: raw,
  });
  return response.status;
}

async function ledgerOf(userId: string) {
  return server.database.db.select().from(billingLedger).where(eq(billingLedger.userId, userId));
}

async function sticky(token: string): Promise<Subscription | undefined> {
  const response = await call<{ data: Subscription[] }>(server, "/api/subscriptions/sticky", { token });
  return response.body.data[0];
}

describe("alternative providers", () => {
  it("offers only the configured providers, with their options", async () => {
    const who = await member();
    const options = await call<PurchaseOptions>(server, "/api/checkout/purchase-options", {
      token: who.token,
    });
    expect(options.body.payment_methods).toEqual([
      { id: "card", name: "Card", options: [] },
      { id: "volt", name: "Volt", options: [] },
      { id: "inwizo", name: "Inwizo", options: ["ecom", "tpay", "sbp"] },
      { id: "coinpayments", name: "CoinPayments", options: [] },
    ]);
  });

  it("answers the provider's signed page and activates once on a good callback delivered twice", async () => {
    const who = await member();
    const response = await newPayment(who.token, "volt");
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.error_message).toBeNull();
    const url = String(response.body.url);
    expect(url.startsWith(`${providerUrl}/volt/pay?`)).toBe(true);
    await fetch(url);
    const payment = payments.at(-1);
    expect(payment?.signatureValid).toBe(true);
    expect(payment?.params).toMatchObject({
      amount: "1784",
      currency: "USD",
      callback_url: "http://app.example.test/api/checkout/volt/callback",
    });
    const reference = String(payment?.params.reference);
    expect(await sticky(who.token)).toBeUndefined();

    const paid = {
      order_reference: reference,
      transaction_id: "volt-tx-1",
      status: "paid",
      amount: 1784,
      currency: "USD",
    };
    const statuses = await Promise.all([callback("volt", paid), callback("volt", paid)]);
    expect(statuses).toEqual([200, 200]);
    expect(await callback("volt", paid)).toBe(200);
    const ledger = await ledgerOf(who.id);
    expect(ledger.map((row) => [row.amountCents, row.processor, row.processorReference])).toEqual([
      [1784, "volt", "volt-tx-1"],
    ]);
    expect((await sticky(who.token))?.subscription_status).toBe("active");
    const [row] = await server.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, who.id));
    expect(row?.role).not.toBe("free");
  });

  it("answers the same order and page to a repeated request with the same details", async () => {
    const who = await member();
    const [first, second] = await Promise.all([newPayment(who.token, "volt"), newPayment(who.token, "volt")]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const referenceOf = (url: string | null) => new URL(String(url)).searchParams.get("reference");
    expect(referenceOf(second.body.url)).toBe(referenceOf(first.body.url));
    expect(referenceOf((await newPayment(who.token, "volt")).body.url)).toBe(referenceOf(first.body.url));
    // Other details make another order.
    const other = await newPayment(who.token, "volt", { email: "other@example.test" });
    expect(referenceOf(other.body.url)).not.toBe(referenceOf(first.body.url));
  });

  it("credits a payment for a member already subscribed through another order, once per payment", async () => {
    const who = await member();
    const referenceOf = (url: string | null) => String(new URL(String(url)).searchParams.get("reference"));
    const first = referenceOf((await newPayment(who.token, "volt")).body.url);
    const second = referenceOf((await newPayment(who.token, "inwizo", { payment_option: "ecom" })).body.url);
    expect(second).not.toBe(first);
    const paid = (reference: string, tx: string) => ({
      order_reference: reference,
      transaction_id: tx,
      status: "paid",
      amount: 1784,
      currency: "USD",
    });
    expect(await callback("volt", paid(first, "volt-tx-credit-1"))).toBe(200);
    expect((await sticky(who.token))?.subscription_status).toBe("active");

    const late = paid(second, "inwizo-tx-credit-1");
    const statuses = await Promise.all([
      callback("inwizo", late, INWIZO_SECRET),
      callback("inwizo", late, INWIZO_SECRET),
    ]);
    expect(statuses).toEqual([200, 200]);
    expect(await callback("inwizo", late, INWIZO_SECRET)).toBe(200);

    const ledger = await ledgerOf(who.id);
    expect(
      ledger
        .map((row) => [row.kind, row.amountCents, row.processor, row.processorReference])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ["charge", 1784, "volt", "volt-tx-credit-1"],
      ["credit", 1784, "inwizo", "inwizo-tx-credit-1"],
    ]);
    const subs = await call<{ data: Subscription[] }>(server, "/api/subscriptions/sticky", {
      token: who.token,
    });
    expect(subs.body.data).toHaveLength(1);
    const history = await call<{ data: BillingHistoryEntry[] }>(server, "/api/billing/history", {
      token: who.token,
    });
    expect(history.status).toBe(200);
    expect(history.body.data.find((entry) => entry.kind === "credit")).toMatchObject({
      amount: 1784,
      reference: "inwizo-tx-credit-1",
      subscription_id: null,
    });
  });

  it("prices coinpayments at the crypto list's prices: calculate and coinpayments_new_payment agree", async () => {
    const who = await member();
    const calculate = (body: Record<string, unknown>) =>
      call<CheckoutCalculation>(server, "/api/checkout/calculate", { token: who.token, body });
    // Every option the crypto page shows: its price is checkout's subtotal before tax.
    for (const plan of CRYPTO_PLANS) {
      for (const [frequency, price] of [
        ["1y", plan.annual],
        ["1m", plan.monthly],
      ] as const) {
        if (price === null) continue;
        const planId = `${plan.role}_${frequency}`;
        const crypto = await calculate({ plan_id: planId, payment_method: "coinpayments" });
        expect(crypto.status, JSON.stringify(crypto.body)).toBe(200);
        expect([planId, crypto.body.subtotal]).toEqual([planId, price]);
        expect(crypto.body.line_items.map((item) => item.amount)).toEqual([price]);
      }
    }
    expect(cryptoPriceCents("basic_1m")).toBe(1500);
    const address = { country: "DE", state: "BE", postal_code: "10115", email: DETAILS.email };
    const card = await calculate({ plan_id: "basic_1m", ...address });
    const crypto = await calculate({ plan_id: "basic_1m", payment_method: "coinpayments", ...address });
    expect([card.body.subtotal, crypto.body.subtotal]).toEqual([1499, 1500]);
    expect(crypto.body.total).toBe(1500 + 285);
    expect(crypto.body.renewal_total).toBe(1785);
    // A plan the crypto list does not show (Get a Taste monthly) keeps the card price.
    expect((await calculate({ plan_id: "minimal_1m", payment_method: "coinpayments" })).body.subtotal).toBe(
      499,
    );
    expect((await calculate({ plan_id: "basic_1m", payment_method: "bitcoin" })).status).toBe(400);

    const response = await newPayment(who.token, "coinpayments");
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const params = new URL(String(response.body.url)).searchParams;
    expect(params.get("amount")).toBe(String(crypto.body.total));
    // Other providers keep the card price.
    const volt = await newPayment(who.token, "volt", { email: "volt-buyer@example.test" });
    expect(new URL(String(volt.body.url)).searchParams.get("amount")).toBe(String(card.body.total));
  });

  it("refuses a callback with a bad signature and applies nothing", async () => {
    const who = await member();
    const response = await newPayment(who.token, "volt");
    await fetch(String(response.body.url));
    const reference = String(payments.at(-1)?.params.reference);
    const paid = {
      order_reference: reference,
      transaction_id: "volt-tx-2",
      status: "paid",
      amount: 1784,
      currency: "USD",
    };
    expect(await callback("volt", paid, "not-the-secret-at-all")).toBe(400);
    expect(await callback("volt", { ...paid, amount: 1 })).toBe(400);
    const unsigned = await fetch(`${server.url}/api/checkout/volt/callback`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(paid),
    });
    expect(unsigned.status).toBe(400);
    expect(await ledgerOf(who.id)).toEqual([]);
    expect(await sticky(who.token)).toBeUndefined();
    // The test processor's 3-D Secure page cannot settle a provider's order.
    const viaCard = await call(server, `/api/checkout/test-processor/3ds/${reference}`, {
      body: { decision: "approve" },
    });
    expect(viaCard.status).toBe(404);
    // Another provider's callback does not settle this provider's order.
    expect(await callback("inwizo", paid, INWIZO_SECRET)).toBe(404);
    expect(await callback("volt", { ...paid, order_reference: randomUUID() })).toBe(404);
  });

  it("checks inwizo's payment option", async () => {
    const who = await member();
    expect((await newPayment(who.token, "inwizo")).status).toBe(400);
    const response = await newPayment(who.token, "inwizo", { payment_option: "sbp" });
    expect(response.status).toBe(200);
    expect(new URL(String(response.body.url)).searchParams.get("payment_option")).toBe("sbp");
  });

  it("answers 404 for a provider that is not configured", async () => {
    const who = await member();
    expect((await newPayment(who.token, "payok")).status).toBe(404);
    expect(await callback("payok", { order_reference: randomUUID() })).toBe(404);
  });
});
