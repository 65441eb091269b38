import {
  type CheckoutCalculation,
  type EasterCode,
  type LoveaiPromo,
  type NewOrderResponse,
  OFFER_UNAVAILABLE_MESSAGE,
  PROMOTION_TEXTS,
  type SalePage,
  type SaleStatus,
} from "@hearth/contracts";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingOrders, characters } from "../src/db/schema";
import type { Clock } from "../src/kernel/clock";
import { updateCharacter, updateUser } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import { expectError, expectInvalid, signUp } from "./support/members";

/**
 * The sale (default window May 30 to June 3, UTC), its checkout offers refused outside the window, the
 * former partner's ended offer, and the Easter code hidden from everyone but subscribers, through the real
 * HTTP server with a clock the test moves.
 */

const IN_SALE = Date.parse("2026-05-31T12:00:00Z");
const AFTER_SALE = Date.parse("2026-06-04T00:00:00Z");
const BEFORE_SALE = Date.parse("2026-05-29T23:59:59Z");

/** No tax row for New York: totals are the prices. */
const DETAILS = {
  email: "buyer@example.test",
  first_name: "Ann",
  last_name: "Lee",
  country: "US",
  state: "NY",
  postal_code: "10001",
};

let server: TestServer;
let now = IN_SALE;
const clock: Clock = { now: () => new Date(now) };
let session = 0;

beforeAll(async () => {
  server = await startServer({ AUTH_RATE_LIMIT_MAX: "10000", PARTNER_HOSTS: "partner.example" }, undefined, {
    clock,
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

async function member(role: "free" | "minimal" | "basic" | "premium" = "free") {
  const signed = await signUp(server);
  if (role !== "free") {
    await updateUser(server, signed.user.id, { role });
  }
  return { token: signed.token, id: signed.user.id };
}

async function cardToken(): Promise<string> {
  const response = await call<{ token: string }>(server, "/api/checkout/test-processor/tokens", {
    body: { number: "4242424242424242", exp: "12/39", cvc: "123" },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.token;
}

function calculate(token: string, body: Record<string, unknown>) {
  return call<CheckoutCalculation>(server, "/api/checkout/calculate", {
    token,
    body: { ...DETAILS, ...body },
  });
}

async function newOrder(token: string, body: Record<string, unknown>) {
  session += 1;
  return call<NewOrderResponse>(server, "/api/checkout/new_order", {
    token,
    body: { ...DETAILS, payment_token: await cardToken(), session_id: `sale-${session}`, ...body },
  });
}

describe("the sale window", () => {
  it("runs from May 30 to the end of June 3 (UTC); the page is not found outside it", async () => {
    now = BEFORE_SALE;
    const before = await call<SaleStatus>(server, "/api/sale/status");
    expect(before.body).toEqual({
      active: false,
      starts_at: "2026-05-30T00:00:00.000Z",
      ends_at: "2026-06-04T00:00:00.000Z",
      banner_price: 99,
    });
    expectError(await call(server, "/api/sale"), 404, "not_found");

    now = IN_SALE;
    const during = await call<SaleStatus>(server, "/api/sale/status");
    expect(during.body.active).toBe(true);
    expect(during.body.ends_at).toBe("2026-06-04T00:00:00.000Z");
    expect((await call(server, "/api/sale")).status).toBe(200);

    now = AFTER_SALE;
    expect((await call<SaleStatus>(server, "/api/sale/status")).body).toMatchObject({
      active: false,
      starts_at: "2027-05-30T00:00:00.000Z",
    });
    expectError(await call(server, "/api/sale"), 404, "not_found");
  });

  it("is not offered on a partner host", async () => {
    now = IN_SALE;
    const page = await server.app.inject({ url: "/api/sale", headers: { host: "partner.example" } });
    expect(page.statusCode).toBe(404);
    const status = await server.app.inject({
      url: "/api/sale/status",
      headers: { host: "partner.example:443" },
    });
    expect(status.json<SaleStatus>().active).toBe(false);
  });

  it("answers the three first-month offers, the annual prices and the most messaged characters per category", async () => {
    now = IN_SALE;
    const { db } = server.database;
    const rows = await db.select({ id: characters.id, tags: characters.tags }).from(characters);
    const anime = rows.filter((row) => row.tags.includes("anime"));
    expect(anime.length).toBeGreaterThanOrEqual(2);
    const [first, second] = anime;
    if (!first || !second) throw new Error("the demo seed has anime characters");
    await updateCharacter(server, second.id, { numMessages: 90_000_000 });
    await updateCharacter(server, first.id, { numMessages: 80_000_000 });

    const page = await call<SalePage>(server, "/api/sale");
    expect(page.status).toBe(200);
    expect(
      page.body.first_month.map((o) => [o.name, o.offer_id, o.price, o.list_price, o.percent_off]),
    ).toEqual([
      ["Get a Taste", "sale-minimal-1m", 99, 499, 80],
      ["True Supporter", "sale-basic-1m", 749, 1499, 50],
      ["I'm All In", "sale-premium-1m", 1099, 2499, 56],
    ]);
    expect(page.body.annual.map((o) => [o.plan_id, o.price])).toEqual([
      ["minimal_1y", 3600],
      ["basic_1y", 11000],
      ["premium_1y", 18000],
    ]);
    expect(page.body.popular.map((c) => c.name)).toEqual(["Overall", "Anime", "Game"]);
    const [overall, animeList, game] = page.body.popular;
    expect(animeList?.characters.slice(0, 2).map((c) => [c.id, c.num_messages])).toEqual([
      [second.id, 90_000_000],
      [first.id, 80_000_000],
    ]);
    expect(animeList?.characters.every((c) => c.tags.includes("anime"))).toBe(true);
    expect(game?.characters.every((c) => c.tags.includes("game"))).toBe(true);
    expect(game?.characters.length).toBeGreaterThan(0);
    const counts = overall?.characters.map((c) => c.num_messages) ?? [];
    expect(counts[0]).toBe(90_000_000);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(page.body.community).toHaveLength(3);
  });
});

describe("the sale's offers at checkout", () => {
  it("prices Get a Taste's first month at $0.99 inside the window and refuses it outside", async () => {
    const buyer = await member();
    now = IN_SALE;
    const inside = await calculate(buyer.token, { plan_id: "minimal_1m", offer_id: "sale-minimal-1m" });
    expect(inside.status).toBe(200);
    expect(inside.body).toMatchObject({ subtotal: 99, total: 99, renewal_total: 499 });

    for (const at of [BEFORE_SALE, AFTER_SALE]) {
      now = at;
      for (const offer of ["sale-minimal-1m", "sale-basic-1m", "sale-premium-1m"]) {
        const plan = offer.replace("sale-", "").replace("-1m", "_1m");
        expectInvalid(
          await calculate(buyer.token, { plan_id: plan, offer_id: offer }),
          "offer_id",
          OFFER_UNAVAILABLE_MESSAGE,
        );
      }
      expectInvalid(
        await newOrder(buyer.token, { plan_id: "minimal_1m", offer_id: "sale-minimal-1m" }),
        "offer_id",
        OFFER_UNAVAILABLE_MESSAGE,
      );
    }
    const orders = await server.database.db
      .select()
      .from(billingOrders)
      .where(eq(billingOrders.userId, buyer.id));
    expect(orders).toEqual([]);

    now = IN_SALE;
    const bought = await newOrder(buyer.token, { plan_id: "minimal_1m", offer_id: "sale-minimal-1m" });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body).toMatchObject({ error_message: null, orderTotal: 99, plan: "minimal_1m" });
  });

  it("an unknown offer is refused; an offer for another plan leaves that plan at its price", async () => {
    now = IN_SALE;
    const buyer = await member();
    expectInvalid(
      await calculate(buyer.token, { plan_id: "basic_1m", offer_id: "no-such-offer" }),
      "offer_id",
      OFFER_UNAVAILABLE_MESSAGE,
    );
    const other = await calculate(buyer.token, { plan_id: "premium_1m", offer_id: "sale-minimal-1m" });
    expect(other.body.subtotal).toBe(2499);
  });
});

describe("/promo/loveai", () => {
  it("the former partner's offer ended on December 31st 2023 and cannot be bought", async () => {
    now = IN_SALE;
    const promo = await call<LoveaiPromo>(server, "/api/promotions/loveai");
    expect(promo.body).toEqual({
      offer_id: "loveai",
      plan_id: "basic_1m",
      price: 1000,
      percent_off: 33,
      trial_days: 14,
      ends_at: "2024-01-01T00:00:00.000Z",
      ended: true,
    });
    const buyer = await member();
    expectInvalid(
      await calculate(buyer.token, { plan_id: "basic_1m", offer_id: "loveai" }),
      "offer_id",
      OFFER_UNAVAILABLE_MESSAGE,
    );
    expectInvalid(
      await newOrder(buyer.token, { plan_id: "basic_1m", offer_id: "loveai" }),
      "offer_id",
      OFFER_UNAVAILABLE_MESSAGE,
    );
    const orders = await server.database.db
      .select()
      .from(billingOrders)
      .where(inArray(billingOrders.userId, [buyer.id]));
    expect(orders).toEqual([]);

    // On its last day it still could be.
    now = Date.parse("2023-12-31T23:00:00Z");
    expect((await call<LoveaiPromo>(server, "/api/promotions/loveai")).body.ended).toBe(false);
    const lastDay = await calculate(buyer.token, { plan_id: "basic_1m", offer_id: "loveai" });
    expect(lastDay.body.subtotal).toBe(1000);
    now = IN_SALE;
  });
});

describe("GET /api/promotions/easter", () => {
  it("shows the code to active subscribers only; others get the spec's message and no code", async () => {
    now = IN_SALE;
    const anonymous = await call(server, "/api/promotions/easter");
    const refusal = expectError(anonymous, 403, "forbidden");
    expect(refusal.message).toBe(PROMOTION_TEXTS.easterNonPremium);
    expect(JSON.stringify(anonymous.body)).not.toContain("EASTER25");

    const free = await member();
    const freeAnswer = await call(server, "/api/promotions/easter", { token: free.token });
    expect(expectError(freeAnswer, 403, "forbidden").message).toBe(PROMOTION_TEXTS.easterNonPremium);
    expect(JSON.stringify(freeAnswer.body)).not.toContain("EASTER25");

    for (const role of ["minimal", "premium"] as const) {
      const subscriber = await member(role);
      const answer = await call<EasterCode>(server, "/api/promotions/easter", { token: subscriber.token });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ code: "EASTER25", percent_off: 25, amount_off: null, expires_at: null });
    }
    // The code is a real coupon at checkout.
    const friend = await member();
    const priced = await calculate(friend.token, { plan_id: "basic_1m", promo_code: "easter25" });
    expect(priced.body.discounts).toEqual([{ code: "EASTER25", valid: true, total: 375, error: null }]);
  });
});
