import type { BillingHistoryEntry, LeaderboardResponse, Subscription } from "@hearth/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  billingCustomers,
  billingLedger,
  billingSubscriptions,
  conversations,
  leaderboardEntries,
  messages,
  users,
} from "../src/db/schema";
import type { Clock } from "../src/kernel/clock";
import { BILLING_JOBS } from "../src/modules/billing/index";
import { LEADERBOARD_JOBS } from "../src/modules/leaderboard/index";
import { insertCharacter, setUsername, updateUser } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import { type SignedUp, signUp, uniqueUsername } from "./support/members";

/**
 * The monthly job from generated activity: members send messages to public characters in January and
 * February 2026; the job closes January (clock in February), then February (clock in March), storing
 * scores, ranks and movement, and grants the prizes through billing, once, never in both categories.
 */

let server: TestServer;
let now = new Date("2026-02-20T12:00:00Z").getTime();
const clock: Clock = { now: () => new Date(now) };

type Creator = SignedUp & { username: string };
const creators: Record<"c1" | "c2" | "c3" | "c4" | "c5", Creator> = {} as Record<
  "c1" | "c2" | "c3" | "c4" | "c5",
  Creator
>;
let fans: SignedUp[] = [];

async function creator(): Promise<Creator> {
  const member = await signUp(server);
  const username = uniqueUsername("lb");
  await setUsername(server, member.user.id, username);
  return { ...member, username };
}

/** `count` messages from `from` to a character at `at` (each answered by a bot message, which does not count). */
async function chat(from: SignedUp, characterId: string, count: number, at: string): Promise<void> {
  const db = server.database.db;
  const [conversation] = await db
    .insert(conversations)
    .values({ userId: from.user.id, characterId })
    .returning();
  if (!conversation) throw new Error("no conversation");
  const start = new Date(at).getTime();
  await db.insert(messages).values(
    Array.from({ length: count * 2 }, (_, i) => ({
      conversationId: conversation.id,
      role: i % 2 === 0 ? ("user" as const) : ("bot" as const),
      content: `Message ${i}`,
      createdAt: new Date(start + i * 1000),
    })),
  );
}

async function runJob(): Promise<void> {
  await server.app.jobs.send(LEADERBOARD_JOBS.close, {});
  await server.app.jobs.settle([LEADERBOARD_JOBS.close]);
}

async function board(query: string): Promise<LeaderboardResponse> {
  const response = await call<LeaderboardResponse>(server, `/api/creators/leaderboard?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const ledgerOf = (userId: string) =>
  server.database.db.select().from(billingLedger).where(eq(billingLedger.userId, userId));

beforeAll(async () => {
  server = await startServer({ AUTH_RATE_LIMIT_MAX: "10000" }, undefined, {
    clock,
    jobPollingIntervalSeconds: 0.5,
  });
  for (const key of ["c1", "c2", "c3", "c4", "c5"] as const) creators[key] = await creator();
  fans = [await signUp(server), await signUp(server), await signUp(server)];
  const [f1, f2, f3] = fans as [SignedUp, SignedUp, SignedUp];
  const { c1, c2, c3, c4, c5 } = creators;
  const old = { createdAt: new Date("2025-12-10T00:00:00Z") };
  const c1Old = await insertCharacter(server, { creatorUserId: c1.user.id, ...old });
  const c2Old = await insertCharacter(server, { creatorUserId: c2.user.id, ...old });
  await insertCharacter(server, { creatorUserId: c2.user.id, ...old, name: "Quiet one" });
  const c3Old = await insertCharacter(server, { creatorUserId: c3.user.id, ...old });
  const c3New = await insertCharacter(server, {
    creatorUserId: c3.user.id,
    createdAt: new Date("2026-02-02T00:00:00Z"),
  });
  const c4New = await insertCharacter(server, {
    creatorUserId: c4.user.id,
    createdAt: new Date("2026-02-03T00:00:00Z"),
  });
  const c5Private = await insertCharacter(server, {
    creatorUserId: c5.user.id,
    ...old,
    visibility: "private",
  });

  // January: c1 5, c2 3, c3 1 (All Bots; no character was new in January).
  await chat(f1, c1Old.id, 3, "2026-01-05T10:00:00Z");
  await chat(f2, c1Old.id, 2, "2026-01-31T23:50:00Z");
  await chat(f1, c2Old.id, 3, "2026-01-10T10:00:00Z");
  await chat(f3, c3Old.id, 1, "2026-01-11T10:00:00Z");
  // February: All Bots c2 10, c3 7 (new) + 1 (old), c1 4, c4 2; New Bots c3 7, c4 2.
  await chat(f1, c2Old.id, 6, "2026-02-01T00:00:00Z");
  await chat(f2, c2Old.id, 4, "2026-02-14T10:00:00Z");
  await chat(f1, c3New.id, 7, "2026-02-15T10:00:00Z");
  await chat(f2, c3Old.id, 1, "2026-02-15T10:00:00Z");
  await chat(f3, c1Old.id, 4, "2026-02-16T10:00:00Z");
  await chat(f3, c4New.id, 2, "2026-02-27T10:00:00Z");
  // Not counted: the creator's own messages, a private character, and a message in March.
  await chat(c1, c1Old.id, 50, "2026-02-10T10:00:00Z");
  await chat(f1, c5Private.id, 40, "2026-02-10T10:00:00Z");
  await chat(f1, c4New.id, 1, "2026-03-01T00:00:00Z");
  // c2 pays for Get a Taste monthly (a lower tier than the prize it will win).
  await server.database.db.insert(billingSubscriptions).values({
    userId: c2.user.id,
    planId: "minimal_1m",
    status: "active",
    currentPeriodStart: new Date("2026-02-20T00:00:00Z"),
    recurAt: new Date("2026-03-20T00:00:00Z"),
    processor: "test",
    orderId: "00000000-0000-4000-8000-000000000001",
  });
  await updateUser(server, c2.user.id, { role: "minimal" });
});

afterAll(async () => {
  await server?.close();
});

describe("the monthly job", () => {
  it("closes January from its activity and shows February as provisional", async () => {
    await runJob();
    const { c1, c2, c3 } = creators;
    const january = await board("type=all_bots&date=2026-01");
    expect(january.months).toEqual([
      { date: "2026-02", provisional: true },
      { date: "2026-01", provisional: false },
    ]);
    expect(january.provisional).toBe(false);
    expect(january.hits.map((h) => [h.creator_username, h.rank, h.score, h.movement, h.prize])).toEqual([
      [c1.username, 1, 5, 0, "premium"],
      [c2.username, 2, 3, 0, "premium"],
      [c3.username, 3, 1, 0, "premium"],
    ]);
    expect(january.hits[1]).toMatchObject({ type: "All Bots", date: "2026-01", number_of_characters: 2 });
    expect((await board("type=new_bots&date=2026-01")).hits).toEqual([]);

    // The running month is computed live, without prizes.
    const february = await board("type=new_bots");
    expect(february).toMatchObject({ date: "2026-02", provisional: true, page: 1, total_pages: 1, total: 2 });
    expect(february.hits.map((h) => [h.creator_username, h.rank, h.score, h.prize])).toEqual([
      [creators.c3.username, 1, 7, null],
      [creators.c4.username, 2, 2, null],
    ]);
  });

  it("closes February with scores, ranks, movement and number of bots, never changing January", async () => {
    now = new Date("2026-03-05T12:00:00Z").getTime();
    await runJob();
    const { c1, c2, c3, c4 } = creators;
    const all = await board("type=all_bots&date=2026-02");
    expect(all.provisional).toBe(false);
    expect(
      all.hits.map((h) => [h.creator_username, h.rank, h.score, h.movement, h.number_of_characters]),
    ).toEqual([
      [c2.username, 1, 10, 1, 2],
      [c3.username, 2, 8, 1, 2],
      [c1.username, 3, 4, -2, 1],
      [c4.username, 4, 2, 0, 1],
    ]);
    const fresh = await board("type=new_bots&date=2026-02");
    expect(fresh.hits.map((h) => [h.creator_username, h.rank, h.score, h.number_of_characters])).toEqual([
      [c3.username, 1, 7, 1],
      [c4.username, 2, 2, 1],
    ]);
    const january = await board("type=all_bots&date=2026-01");
    expect(january.hits.map((h) => h.score)).toEqual([5, 3, 1]);
    // March is running now (one message so far).
    const march = await board("type=all_bots");
    expect(march).toMatchObject({ date: "2026-03", provisional: true });
    expect(march.hits.map((h) => [h.creator_username, h.score, h.movement])).toEqual([[c4.username, 1, 3]]);
    expect(march.months.map((m) => m.date)).toEqual(["2026-03", "2026-02", "2026-01"]);
  });

  it("gives each winner one prize a month: New Bots c3 and c4, All Bots passes them over", async () => {
    const { c1, c2, c3, c4 } = creators;
    const rows = await server.database.db
      .select()
      .from(leaderboardEntries)
      .where(eq(leaderboardEntries.month, "2026-02"));
    const prizes = rows
      .filter((row) => row.prize)
      .map((row) => [row.category, row.creatorUsername, row.prize])
      .sort();
    expect(prizes).toEqual(
      [
        ["all_bots", c1.username, "premium"],
        ["all_bots", c2.username, "premium"],
        ["new_bots", c3.username, "premium"],
        ["new_bots", c4.username, "premium"],
      ].sort(),
    );
  });

  it("grants the prizes through billing, visible in the portal and the history, once however often it runs", async () => {
    const { c1, c2, c4 } = creators;
    await runJob();
    await runJob();

    // c4: no subscription before; a one-month I'm All In that ends unless uncancelled.
    const portal = await call<{ data: Subscription[] }>(server, "/api/subscriptions/sticky", {
      token: c4.token,
    });
    expect(portal.status).toBe(200);
    expect(portal.body.data).toHaveLength(1);
    expect(portal.body.data[0]).toMatchObject({
      subscription_status: "cancelled",
      recur_at: "2026-04-05T12:00:00.000Z",
      current_product: { plan_id: "premium_1m", name: "I'm All In" },
    });
    const history = await call<{ data: BillingHistoryEntry[] }>(server, "/api/billing/history", {
      token: c4.token,
    });
    expect(history.body.data).toEqual([
      expect.objectContaining({
        kind: "credit",
        amount: 0,
        plan_id: "premium_1m",
        description: "Creators leaderboard prize: a free month of I'm All In (New Bots #2, February 2026)",
      }),
    ]);
    const [c4Row] = await server.database.db.select().from(users).where(eq(users.id, c4.user.id));
    expect(c4Row?.role).toBe("premium");

    // c1 won in January (a new subscription) and February (that subscription a month longer).
    const c1Subs = await server.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, c1.user.id));
    expect(c1Subs).toHaveLength(1);
    expect(c1Subs[0]).toMatchObject({ planId: "premium_1m", status: "cancelled", processor: "grant" });
    expect(c1Subs[0]?.recurAt.toISOString()).toBe("2026-04-20T12:00:00.000Z");
    expect((await ledgerOf(c1.user.id)).map((row) => row.idempotencyKey).sort()).toEqual([
      `grant:leaderboard:2026-01:all_bots:${c1.user.id}`,
      `grant:leaderboard:2026-02:all_bots:${c1.user.id}`,
    ]);

    // c2 paid Get a Taste: January's prize made it I'm All In until the renewal a month later (back to Get
    // a Taste then); February's, of the same tier, moved that renewal another month.
    const c2Portal = await call<{ data: Subscription[] }>(server, "/api/subscriptions/sticky", {
      token: c2.token,
    });
    expect(c2Portal.body.data[0]).toMatchObject({
      subscription_status: "active",
      recur_at: "2026-05-20T00:00:00.000Z",
      current_product: { plan_id: "premium_1m" },
      next_product: { plan_id: "minimal_1m" },
    });
    const c2Ledger = await ledgerOf(c2.user.id);
    expect(c2Ledger.map((row) => [row.kind, row.amountCents, row.processor])).toEqual([
      ["credit", 0, "grant"],
      ["credit", 0, "grant"],
    ]);

    // Every prize once: 3 in January, 4 in February.
    const grants = await server.database.db
      .select()
      .from(billingLedger)
      .where(and(eq(billingLedger.kind, "credit"), eq(billingLedger.processor, "grant")));
    expect(grants).toHaveLength(7);
  });

  it("lets a winner keep the prize's subscription: uncancelled, it renews on their card (processor test)", async () => {
    const { c4 } = creators;
    const card = await call<{ token: string }>(server, "/api/checkout/test-processor/tokens", {
      body: { number: "4242424242424242", exp: "12/39", cvc: "123" },
    });
    expect(card.status).toBe(200);
    await server.database.db.insert(billingCustomers).values({
      userId: c4.user.id,
      email: c4.email,
      firstName: "Cleo",
      lastName: "Four",
      country: "US",
      state: "CA",
      postalCode: "94105",
      processor: "test",
      cardToken: card.body.token,
      cardLast4: "4242",
      cardBrand: "Visa",
      cardExp: "12/39",
    });
    const [sub] = (
      await call<{ data: Subscription[] }>(server, "/api/subscriptions/sticky", { token: c4.token })
    ).body.data;
    if (!sub) throw new Error("no subscription");
    const uncancel = await call<{ status: string }>(server, "/api/subscriptions/sticky", {
      method: "PUT",
      token: c4.token,
      body: { action: "uncancel", order_id: sub.order_id, subscription_id: sub.subscription_id },
    });
    expect(uncancel.body.status).toBe("SUCCESS");
    now = new Date("2026-04-06T00:00:00Z").getTime();
    await server.app.jobs.send(BILLING_JOBS.sweep, {});
    await server.app.jobs.settle([BILLING_JOBS.sweep, BILLING_JOBS.subscription]);
    const renewed = (
      await call<{ data: Subscription[] }>(server, "/api/subscriptions/sticky", { token: c4.token })
    ).body.data[0];
    expect(renewed).toMatchObject({ subscription_status: "active", recur_at: "2026-05-05T12:00:00.000Z" });
    const charges = (await ledgerOf(c4.user.id)).filter((row) => row.kind === "charge");
    expect(charges.map((row) => [row.amountCents, row.processor, row.planId])).toEqual([
      [2499, "test", "premium_1m"],
    ]);
    now = new Date("2026-03-05T12:00:00Z").getTime();
  });

  it("falls back to the newest month for an unknown date, pages 48 and refuses a bad page", async () => {
    for (const date of ["2025-07", "nonsense", ""]) {
      expect(await board(`type=all_bots&date=${date}`)).toMatchObject({ date: "2026-03", provisional: true });
    }
    const second = await board("type=all_bots&date=2026-02&page=2");
    expect(second).toMatchObject({ page: 2, total_pages: 1, total: 4, hits: [] });
    const bad = await call(server, "/api/creators/leaderboard?page=zero");
    expect(bad.status).toBe(400);
    const badType = await call(server, "/api/creators/leaderboard?type=best_bots");
    expect(badType.status).toBe(400);
  });
});
