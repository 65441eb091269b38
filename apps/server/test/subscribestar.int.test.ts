import { randomUUID } from "node:crypto";
import {
  type Me,
  type StickyActionResponse,
  SUBSCRIBESTAR_TEXTS,
  type SubscribeStarAttempt,
  type SubscribeStarOauthResponse,
  type SubscribeStarStatus,
  type Subscription,
} from "@hearth/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingLedger, billingSubscriptions, subscribestarLinks } from "../src/db/schema";
import type { Clock } from "../src/kernel/clock";
import { BILLING_JOBS } from "../src/modules/billing/index";
import { SUBSCRIBESTAR_JOBS } from "../src/modules/subscribestar/index";
import { call, startServer, type TestServer } from "./harness";
import {
  type FakeAccount,
  type FakeSubscribeStar,
  startFakeSubscribeStar,
} from "./support/fake-subscribestar";
import { expectError, signUp } from "./support/members";

/**
 * SubscribeStar linking through the real HTTP server against a local server speaking SubscribeStar's
 * OAuth 2 and GraphQL protocol: success (tier, platform, portal managed there), the error and
 * invalid_pledge states, and the lapse job on the job queue against a clock the test moves.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let fake: FakeSubscribeStar;
let server: TestServer;
let now = Date.now();
const clock: Clock = { now: () => new Date(now) };

type Member = { id: string; token: string };

beforeAll(async () => {
  fake = await startFakeSubscribeStar({ clientId: "hearth-test", clientSecret: "hearth-test-secret" });
  server = await startServer(
    {
      AUTH_RATE_LIMIT_MAX: "10000",
      SUBSCRIBESTAR_CLIENT_ID: "hearth-test",
      SUBSCRIBESTAR_CLIENT_SECRET: "hearth-test-secret",
      SUBSCRIBESTAR_BASE_URL: fake.url,
    },
    undefined,
    { clock, jobPollingIntervalSeconds: 0.5 },
  );
}, 60_000);

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function member(): Promise<Member> {
  const signed = await signUp(server);
  return { id: signed.user.id, token: signed.token };
}

function account(pledge: FakeAccount["pledge"]): FakeAccount {
  const id = String(Math.floor(Math.random() * 1e9));
  const created = { id, name: `Star ${id}`, email: `star${id}@example.test`, pledge };
  fake.setAccount(created);
  return created;
}

const pledge = (price: number, active = true) => ({
  id: randomUUID(),
  active,
  tier_id: `tier-${price}`,
  price,
});
const redirectUrl = () => `${server.url}/link/subscribestar`;

async function startAttempt(who: Member): Promise<SubscribeStarAttempt> {
  const response = await call<SubscribeStarAttempt>(server, "/api/link/subscribestar", {
    token: who.token,
    body: { redirect_url: redirectUrl() },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** The browser's trip: the authorize page signs in as `accountId` and redirects back with code and state. */
async function authorize(
  attempt: SubscribeStarAttempt,
  accountId: string,
): Promise<{ code: string; state: string }> {
  fake.current = accountId;
  const response = await fetch(attempt.authorize_url, { redirect: "manual" });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get("location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(redirectUrl());
  return { code: back.searchParams.get("code") ?? "", state: back.searchParams.get("state") ?? "" };
}

function exchange(who: Member, code: string, transientId: string) {
  const query = new URLSearchParams({
    subscribestar_code: code,
    redirect_url: redirectUrl(),
    transient_id: transientId,
  });
  return call<SubscribeStarOauthResponse>(server, `/api/link/subscribestar/oauth?${query}`, {
    token: who.token,
  });
}

async function linkAs(who: Member, accountId: string) {
  const attempt = await startAttempt(who);
  const { code, state } = await authorize(attempt, accountId);
  expect(state).toBe(attempt.transient_id);
  return exchange(who, code, state);
}

async function me(who: Member): Promise<Me> {
  const response = await call<Me>(server, "/api/me", { token: who.token });
  expect(response.status).toBe(200);
  return response.body;
}

async function sticky(who: Member): Promise<Subscription | undefined> {
  const response = await call<{ data: Subscription[] }>(server, "/api/subscriptions/sticky", {
    token: who.token,
  });
  expect(response.status).toBe(200);
  return response.body.data[0];
}

async function status(who: Member): Promise<SubscribeStarStatus> {
  const response = await call<SubscribeStarStatus>(server, "/api/link/subscribestar", { token: who.token });
  expect(response.status).toBe(200);
  return response.body;
}

/** Moves the clock to `at` and lets the lapse job (and billing's sweep) do what is due. */
async function runJobsAt(at: number): Promise<void> {
  now = at;
  await server.app.jobs.send(SUBSCRIBESTAR_JOBS.sweep, {});
  await server.app.jobs.send(BILLING_JOBS.sweep, {});
  await server.app.jobs.settle([
    SUBSCRIBESTAR_JOBS.sweep,
    SUBSCRIBESTAR_JOBS.link,
    BILLING_JOBS.sweep,
    BILLING_JOBS.subscription,
  ]);
}

describe("linking", () => {
  it("sends the member to SubscribeStar's authorize page with the app's client, scopes and state", async () => {
    const who = await member();
    const attempt = await startAttempt(who);
    const url = new URL(attempt.authorize_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/oauth2/authorize`);
    expect(url.searchParams.get("client_id")).toBe("hearth-test");
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("redirect_uri")).toBe(redirectUrl());
    expect(url.searchParams.get("state")).toBe(attempt.transient_id);
    expect(attempt.authorize_url).toContain("scope=subscriber.read+user.read+user.email.read");

    // The attempt can be read back by its transient id (its owner only).
    const again = await call<SubscribeStarAttempt>(
      server,
      `/api/link/subscribestar/${attempt.transient_id}?redirect_url=${encodeURIComponent(redirectUrl())}`,
      { token: who.token },
    );
    expect(again.status).toBe(200);
    expect(again.body.authorize_url).toBe(attempt.authorize_url);
    const other = await member();
    expectError(
      await call(
        server,
        `/api/link/subscribestar/${attempt.transient_id}?redirect_url=${encodeURIComponent(redirectUrl())}`,
        {
          token: other.token,
        },
      ),
      404,
      "not_found",
    );
    // Only this site's link page may be the redirect.
    const foreign = await call(server, "/api/link/subscribestar", {
      token: who.token,
      body: { redirect_url: "https://evil.example/link/subscribestar" },
    });
    expect(foreign.status).toBe(201); // no PUBLIC_URL: any origin, but only the link page's path
    expectError(
      await call(server, "/api/link/subscribestar", {
        token: who.token,
        body: { redirect_url: `${server.url}/elsewhere` },
      }),
      400,
      "validation_error",
    );
  });

  it("success: the pledge's tier becomes the role, the subscription is SubscribeStar's and managed there", async () => {
    const who = await member();
    const star = account(pledge(2499));
    const response = await linkAs(who, star.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ status: "success", role: "premium", plan_id: "premium_1m" });
    expect(response.body.link).toMatchObject({
      subscribestar_user_id: star.id,
      name: star.name,
      active: true,
    });

    const profile = await me(who);
    expect(profile.role).toBe("premium");
    expect(profile.subscription_platform).toBe("subscribestar");

    const sub = await sticky(who);
    expect(sub).toMatchObject({
      platform: "subscribestar",
      can_manage: false,
      subscription_status: "active",
    });
    expect(sub?.current_product.role).toBe("premium");
    // The portal's actions are refused: the platform manages it.
    const cancel = await call<StickyActionResponse>(server, "/api/subscriptions/sticky", {
      method: "PUT",
      token: who.token,
      body: { action: "cancel", order_id: sub?.order_id, subscription_id: sub?.subscription_id },
    });
    expectError(cancel, 409, "subscription_action_unavailable");

    expect((await status(who)).link).toMatchObject({ role: "premium", price: 2499, active: true });
    // Tokens are stored encrypted.
    const [row] = await server.database.db
      .select()
      .from(subscribestarLinks)
      .where(eq(subscribestarLinks.userId, who.id));
    expect(row?.accessTokenEncrypted.startsWith("v1:")).toBe(true);
    expect(row?.refreshTokenEncrypted?.startsWith("v1:")).toBe(true);
    expect(fake.requests.some((r) => r.path === "/api/graphql/v1" && /subscriber/.test(r.query ?? ""))).toBe(
      true,
    );
  });

  it("maps the tier by price: Get a Taste and True Supporter", async () => {
    const taste = await member();
    expect((await linkAs(taste, account(pledge(499)).id)).body.role).toBe("minimal");
    const supporter = await member();
    expect((await linkAs(supporter, account(pledge(1500)).id)).body.role).toBe("basic");
    expect((await me(supporter)).role).toBe("basic");
  });

  it("error: a bad or reused code, and SubscribeStar failing, answer the error state", async () => {
    const who = await member();
    const attempt = await startAttempt(who);
    const bad = await exchange(who, "not-a-code", attempt.transient_id);
    const error = expectError(bad, 400, "subscribestar_link_failed");
    expect(error.message).toBe(SUBSCRIBESTAR_TEXTS.error);
    // The attempt is used up: the same transient id cannot be tried again.
    expectError(await exchange(who, "not-a-code", attempt.transient_id), 400, "subscribestar_link_failed");
    // An unknown transient id.
    expectError(await exchange(who, "x", "unknown-attempt"), 400, "subscribestar_link_failed");

    const star = account(pledge(2499));
    for (const mode of ["token-500", "api-500", "api-malformed"] as const) {
      fake.mode = mode;
      try {
        const failed = await linkAs(who, star.id);
        expectError(failed, 502, "subscribestar_link_failed");
      } finally {
        fake.mode = "ok";
      }
    }
    expect((await me(who)).role).toBe("free");
    expect(await sticky(who)).toBeUndefined();
  });

  it("invalid_pledge: no pledge, an inactive one, or a tier below Get a Taste's price", async () => {
    const who = await member();
    for (const p of [null, pledge(2499, false), pledge(100)]) {
      const failed = await linkAs(who, account(p).id);
      const error = expectError(failed, 422, "invalid_pledge");
      expect(error.message).toBe(SUBSCRIBESTAR_TEXTS.serverNoPledge);
    }
    expect((await me(who)).role).toBe("free");
    expect(await sticky(who)).toBeUndefined();
    expect((await status(who)).link).toBeNull();
  });

  it("refuses a SubscribeStar account linked to another member, and a member paying on this site", async () => {
    const star = account(pledge(1499));
    const first = await member();
    expect((await linkAs(first, star.id)).status).toBe(200);
    const second = await member();
    expectError(await linkAs(second, star.id), 409, "subscribestar_link_failed");

    const paying = await member();
    await server.database.db.insert(billingSubscriptions).values({
      userId: paying.id,
      planId: "basic_1m",
      status: "active",
      currentPeriodStart: new Date(now),
      recurAt: new Date(now + 30 * DAY),
      processor: "test",
      orderId: randomUUID(),
    });
    expectError(await linkAs(paying, account(pledge(2499)).id), 409, "subscription_exists");
  });
});

describe("without SubscribeStar configured", () => {
  it("says linking is not available", async () => {
    const plain = await startServer({ AUTH_RATE_LIMIT_MAX: "1000" });
    try {
      const signed = await signUp(plain);
      const state = await call<SubscribeStarStatus>(plain, "/api/link/subscribestar", {
        token: signed.token,
      });
      expect(state.body).toEqual({ available: false, link: null });
      const start = await call(plain, "/api/link/subscribestar", {
        token: signed.token,
        body: { redirect_url: `${plain.url}/link/subscribestar` },
      });
      expect(expectError(start, 404, "subscribestar_unavailable").message).toBe(
        SUBSCRIBESTAR_TEXTS.unavailable,
      );
    } finally {
      await plain.close();
    }
  }, 60_000);
});

describe("the lapse job", () => {
  it("keeps and follows an active pledge, refreshing the token, and ends the tier when it lapses", async () => {
    fake.tokenTtlSeconds = 3600;
    const who = await member();
    const star = account(pledge(1499));
    expect((await linkAs(who, star.id)).body.role).toBe("basic");

    // Seven hours on: the token has expired (refreshed), the pledge moved up a tier.
    fake.accounts.set(star.id, { ...star, pledge: pledge(2499) });
    const refreshed = () =>
      fake.requests.filter((r) => r.path === "refreshed" && r.accountId === star.id).length;
    expect(refreshed()).toBe(0);
    await runJobsAt(now + 7 * HOUR);
    expect(refreshed()).toBe(1);
    expect((await me(who)).role).toBe("premium");
    expect((await sticky(who))?.current_product.role).toBe("premium");

    // SubscribeStar down: the tier stays (the job retries later), and billing never charges it.
    fake.mode = "api-500";
    try {
      now += 40 * DAY;
      await server.app.jobs.send(BILLING_JOBS.sweep, {});
      await server.app.jobs.settle([BILLING_JOBS.sweep, BILLING_JOBS.subscription]);
    } finally {
      fake.mode = "ok";
    }
    expect((await me(who)).role).toBe("premium");
    expect((await sticky(who))?.subscription_status).toBe("active");
    const charges = await server.database.db
      .select()
      .from(billingLedger)
      .where(eq(billingLedger.userId, who.id));
    expect(charges).toEqual([]);

    // The pledge lapses: the next check ends the tier.
    fake.accounts.set(star.id, { ...star, pledge: { ...pledge(2499), active: false } });
    await runJobsAt(now + 7 * HOUR);
    const profile = await me(who);
    expect(profile.role).toBe("free");
    expect(profile.subscription_platform).toBeNull();
    expect((await sticky(who))?.subscription_status).toBe("expired");
    expect((await status(who)).link).toMatchObject({ active: false });
  }, 60_000);

  it("ends the tier when the member revoked Hearth's access on SubscribeStar", async () => {
    const who = await member();
    const star = account(pledge(499));
    expect((await linkAs(who, star.id)).body.role).toBe("minimal");
    fake.revoke(star.id);
    await runJobsAt(now + 7 * HOUR);
    expect((await me(who)).role).toBe("free");
  }, 60_000);
});
