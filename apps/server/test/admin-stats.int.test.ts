import { randomUUID } from "node:crypto";
import { ADMIN_STATS_DAYS, type AdminStats, adminStatsSchema } from "@hearth/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  billingLedger,
  billingSubscriptions,
  conversations,
  messages,
  reviews,
  users,
} from "../src/db/schema";
import { getAdminStats } from "../src/modules/admin-stats/index";
import { insertCharacter, updateUser } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import { expectError, guestToken, signUp } from "./support/members";

/** `GET /api/admin/stats`: daily sign-ups, messages, active chats, open and overdue reports, from real rows. */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const utcMidnight = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
const dateOf = (at: Date) => at.toISOString().slice(0, 10);

type Day = AdminStats["days"][number];
const counts = ({ date: _date, ...rest }: Day) => rest;
const ZERO = { signups: 0, messages: 0, active_chats: 0, open_reports: 0, overdue_reports: 0 };

describe("admin stats", () => {
  let server: TestServer;
  let adminToken: string;
  let creatorId: string;

  async function insertUsersAt(...times: Date[]) {
    await server.database.db
      .insert(users)
      .values(times.map((createdAt) => ({ email: `stats-${randomUUID()}@example.test`, createdAt })));
  }

  async function conversation() {
    const character = await insertCharacter(server, { creatorUserId: creatorId });
    const [row] = await server.database.db
      .insert(conversations)
      .values({ userId: creatorId, characterId: character.id })
      .returning();
    if (!row) throw new Error("no conversation");
    return row.id;
  }

  async function insertMessagesAt(conversationId: string, ...times: Date[]) {
    await server.database.db.insert(messages).values(
      times.map((createdAt, i) => ({
        conversationId,
        role: i % 2 === 0 ? ("user" as const) : ("bot" as const),
        content: "Hello.",
        createdAt,
      })),
    );
  }

  /** A review of a character of its own (one open review per character and source). */
  async function insertReview(createdAt: Date, closedAt: Date | null) {
    const character = await insertCharacter(server, { creatorUserId: creatorId });
    await server.database.db.insert(reviews).values({
      characterId: character.id,
      source: "character_report",
      issue: "Guidelines",
      details: "Stats test",
      createdAt,
      ...(closedAt ? { status: "closed" as const, actionTaken: "none" as const, closedAt } : {}),
    });
  }

  const stats = async () => {
    const response = await call<AdminStats>(server, "/api/admin/stats", { token: adminToken });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return adminStatsSchema.parse(response.body);
  };

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: "false", AUTH_RATE_LIMIT_MAX: "1000" });
    const admin = await signUp(server);
    await updateUser(server, admin.user.id, { role: "admin" });
    adminToken = admin.token;
    creatorId = (await signUp(server)).user.id;
  });

  afterAll(async () => {
    await server?.close();
  });

  it("answers one point per UTC day over the last 30 days, oldest first, revenue included", async () => {
    const body = await stats();
    const today = utcMidnight(new Date());
    expect(body.days).toHaveLength(ADMIN_STATS_DAYS);
    expect(body.days.map((day) => day.date)).toEqual(
      Array.from({ length: ADMIN_STATS_DAYS }, (_, i) => dateOf(new Date(today.getTime() - (29 - i) * DAY))),
    );
    expect(body.revenue?.map((day) => day.date)).toEqual(body.days.map((day) => day.date));
    for (const day of body.revenue ?? [])
      expect(day).toMatchObject({ active_subscriptions: 0, revenue_cents: 0 });
    // A fresh database: nothing before today.
    for (const day of body.days.slice(0, -1)) expect(counts(day)).toEqual(ZERO);
  });

  it("counts seeded rows on the day they fall on, through the HTTP server", async () => {
    const before = await stats();
    const T = utcMidnight(new Date()).getTime();
    const at = (days: number, ms = 0) => new Date(T + days * DAY + ms);

    await insertUsersAt(at(-30, 23 * HOUR), at(-29, HOUR), at(-5), at(-5, DAY - 1), at(-4, 12 * HOUR), at(0));
    const first = await conversation();
    const second = await conversation();
    await insertMessagesAt(first, at(-3, HOUR), at(-3, 2 * HOUR), at(-1, DAY - 1));
    await insertMessagesAt(second, at(-3, 5 * HOUR), at(-31), at(0));
    // Open at the end of days -10 to -3 (closed during day -2); overdue once 7 days old at a day's end: day -3.
    await insertReview(at(-10, 12 * HOUR), at(-2, 6 * HOUR));
    // Still open: from day -8 on; overdue at the end of day -1 and now.
    await insertReview(at(-8), null);
    // Opened and closed within day -1: never open at a day's end.
    await insertReview(at(-1, HOUR), at(-1, 2 * HOUR));

    const after = await stats();
    const byDate = new Map(after.days.map((day) => [day.date, counts(day)]));
    const dayOf = (offset: number) => byDate.get(dateOf(at(offset))) ?? null;
    expect(dayOf(-30)).toBeNull();
    expect(dayOf(-29)).toEqual({ ...ZERO, signups: 1 });
    expect(dayOf(-5)).toEqual({ ...ZERO, signups: 2, open_reports: 2 });
    expect(dayOf(-4)).toEqual({ ...ZERO, signups: 1, open_reports: 2 });
    expect(dayOf(-3)).toEqual({ ...ZERO, messages: 3, active_chats: 2, open_reports: 2, overdue_reports: 1 });
    expect(dayOf(-2)).toEqual({ ...ZERO, open_reports: 1 });
    expect(dayOf(-1)).toEqual({ ...ZERO, messages: 1, active_chats: 1, open_reports: 1, overdue_reports: 1 });
    for (const offset of [-10, -9, -8, -7, -6]) {
      expect(dayOf(offset), `day ${offset}`).toMatchObject({
        open_reports: offset >= -8 ? 2 : 1,
        overdue_reports: 0,
      });
    }
    expect(dayOf(-11)).toMatchObject({ open_reports: 0 });
    // Today: added to whatever today already held (the members signed up by this test).
    const todayBefore = before.days.at(-1);
    const todayAfter = after.days.at(-1);
    expect(todayAfter?.date).toBe(todayBefore?.date);
    expect(todayAfter && todayBefore && { ...counts(todayAfter) }).toEqual(
      todayBefore && {
        signups: todayBefore.signups + 1,
        messages: todayBefore.messages + 1,
        active_chats: todayBefore.active_chats + 1,
        open_reports: 1,
        overdue_reports: 1,
      },
    );
  });

  it("counts live subscriptions at each day's end and the day's revenue net of tax, refunds taken off", async () => {
    const T = utcMidnight(new Date()).getTime();
    const at = (days: number, ms = 0) => new Date(T + days * DAY + ms);
    const subscription = async (createdAt: Date, endedAt: Date | null) => {
      const [row] = await server.database.db
        .insert(billingSubscriptions)
        .values({
          userId: null,
          planId: "basic_1m",
          status: endedAt ? "expired" : "active",
          currentPeriodStart: createdAt,
          recurAt: new Date(createdAt.getTime() + 30 * DAY),
          processor: "test",
          orderId: randomUUID(),
          endedAt,
          createdAt,
        })
        .returning({ id: billingSubscriptions.id });
      return row?.id ?? null;
    };
    const entry = (
      kind: "charge" | "refund" | "credit",
      amountCents: number,
      taxCents: number,
      createdAt: Date,
    ) => ({
      kind,
      amountCents,
      taxCents,
      currency: "USD",
      description: "Stats test",
      processor: "test",
      idempotencyKey: randomUUID(),
      createdAt,
    });
    // Live from day -6 on; another from day -4 that ended during day -2.
    await subscription(at(-6, HOUR), null);
    await subscription(at(-4, HOUR), at(-2, HOUR));
    await server.database.db.insert(billingLedger).values([
      entry("charge", 1784, 285, at(-6, HOUR)), // $14.99 plus 19% VAT
      entry("charge", 1499, 0, at(-4, HOUR)),
      entry("refund", 1499, 0, at(-2, HOUR)),
      entry("credit", 500, 0, at(-2, 2 * HOUR)),
    ]);
    const body = await stats();
    const byDate = new Map((body.revenue ?? []).map(({ date, ...rest }) => [date, rest]));
    const dayOf = (offset: number) => byDate.get(dateOf(at(offset)));
    expect(dayOf(-7)).toEqual({ active_subscriptions: 0, revenue_cents: 0 });
    expect(dayOf(-6)).toEqual({ active_subscriptions: 1, revenue_cents: 1499 });
    expect(dayOf(-5)).toEqual({ active_subscriptions: 1, revenue_cents: 0 });
    expect(dayOf(-4)).toEqual({ active_subscriptions: 2, revenue_cents: 1499 });
    expect(dayOf(-3)).toEqual({ active_subscriptions: 2, revenue_cents: 0 });
    expect(dayOf(-2)).toEqual({ active_subscriptions: 1, revenue_cents: -1499 });
  });

  it("cuts days at UTC midnight and keeps the window to 30 days, whatever `now` is", async () => {
    const now = new Date("2021-03-28T01:30:00Z");
    const conversationId = await conversation();
    await insertMessagesAt(
      conversationId,
      new Date("2021-02-26T23:59:59.999Z"),
      new Date("2021-02-27T00:00:00Z"),
      new Date("2021-03-27T23:59:59.999Z"),
      new Date("2021-03-28T00:00:00Z"),
    );
    const { days } = await getAdminStats(server.database.db, now);
    expect(days[0]?.date).toBe("2021-02-27");
    expect(days.at(-1)?.date).toBe("2021-03-28");
    expect(days.filter((day) => day.messages > 0).map((day) => [day.date, day.messages])).toEqual([
      ["2021-02-27", 1],
      ["2021-03-27", 1],
      ["2021-03-28", 1],
    ]);
  });

  it("is for admins only", async () => {
    const member = await signUp(server);
    expectError(await call(server, "/api/admin/stats", { token: member.token }), 403, "forbidden");
    expectError(
      await call(server, "/api/admin/stats", { token: await guestToken(server) }),
      403,
      "forbidden",
    );
    expectError(await call(server, "/api/admin/stats"), 401, "unauthenticated");
  });
});
