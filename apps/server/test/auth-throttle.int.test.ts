import { randomUUID } from "node:crypto";
import { type AuthResponse, errorBodySchema } from "@hearth/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import type { App } from "../src/context";
import { loginThrottles } from "../src/db/schema";
import { startServer, type TestServer } from "./harness";
import { PASSWORD, signUp, uniqueEmail } from "./support/members";

// Per address: 10 sign-ins a minute (the default). The tests connect from 127.0.0.1, the trusted proxy,
// and say which client they are with X-Forwarded-For, so every attempt can come from another address.
let server: TestServer;
let second: App;
let secondUrl: string;
beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "127.0.0.1" });
  // Another server instance on the same database: the counts must hold across instances.
  second = await buildApp(server.config, { database: server.database });
  await second.listen({ port: 0, host: "127.0.0.1" });
  const address = second.server.address();
  if (!address || typeof address === "string") throw new Error("The second server has no port");
  secondUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

const LIMIT = 10;
let lastAddress = 0;
/** A client address no other attempt used, so the per-address limit never answers. */
const freshAddress = () => {
  lastAddress++;
  return `198.18.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};

async function login(email: string, password: string, options: { via?: string; from?: string } = {}) {
  const response = await fetch(`${options.via ?? server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": options.from ?? freshAddress() },
    body: JSON.stringify({ email, password }),
  });
  const body: unknown = await response.json();
  return { status: response.status, body, headers: response.headers };
}

async function expectThrottled(response: Awaited<ReturnType<typeof login>>) {
  expect(response.status, JSON.stringify(response.body)).toBe(429);
  expect(errorBodySchema.parse(response.body).error.code).toBe("rate_limited");
  // The account's 15-minute window, not the per-address limit's minute.
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(60);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
}

/** Fails to sign in `times` times, each from another address; answers the addresses. */
async function failTimes(email: string, times: number): Promise<string[]> {
  const addresses: string[] = [];
  for (let attempt = 0; attempt < times; attempt++) {
    const from = freshAddress();
    addresses.push(from);
    expect((await login(email, "not the password", { from })).status).toBe(401);
  }
  return addresses;
}

describe("sign-in throttling per account", () => {
  it(`refuses an account after ${LIMIT} failures from ${LIMIT} addresses, even with the right password`, async () => {
    const { email } = await signUp(server);
    const addresses = await failTimes(email, LIMIT);
    await expectThrottled(await login(email, PASSWORD));
    await expectThrottled(await login(email, "not the password"));
    // The addresses are not limited: another account signs in from one the attacker used.
    const other = await signUp(server);
    expect((await login(other.email, PASSWORD, { from: addresses.at(-1) })).status).toBe(200);
  });

  it("lets the account in again once the window has passed", async () => {
    const { email } = await signUp(server);
    await failTimes(email, LIMIT);
    await expectThrottled(await login(email, PASSWORD));
    await server.database.db
      .update(loginThrottles)
      .set({ windowStartedAt: sql`now() - interval '16 minutes'` })
      .where(eq(loginThrottles.email, email));
    const response = await login(email, PASSWORD);
    expect(response.status).toBe(200);
    expect((response.body as AuthResponse).user.email).toBe(email);
    expect(
      await server.database.db.select().from(loginThrottles).where(eq(loginThrottles.email, email)),
    ).toEqual([]);
  });

  it("starts counting again after a successful sign-in", async () => {
    const { email } = await signUp(server);
    await failTimes(email, LIMIT - 1);
    expect((await login(email, PASSWORD)).status).toBe(200);
    await failTimes(email, LIMIT);
    await expectThrottled(await login(email, PASSWORD));
  });

  it("counts the attempts of every server instance together", async () => {
    const { email } = await signUp(server);
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      const via = attempt % 2 === 0 ? server.url : secondUrl;
      expect((await login(email, "not the password", { via })).status).toBe(401);
    }
    await expectThrottled(await login(email, PASSWORD, { via: secondUrl }));
    await expectThrottled(await login(email, PASSWORD, { via: server.url }));
  });

  it(`checks at most ${LIMIT} passwords when many addresses try at once`, async () => {
    const { email } = await signUp(server);
    const responses = await Promise.all(Array.from({ length: 25 }, () => login(email, "not the password")));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25 - LIMIT);
  });

  it("throttles an email without an account the same way, so a 429 tells nothing about accounts", async () => {
    const email = uniqueEmail();
    await failTimes(email, LIMIT);
    await expectThrottled(await login(email, PASSWORD));
  });

  it("is case-insensitive, like sign-in", async () => {
    const { email } = await signUp(server);
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      const typed = attempt % 2 === 0 ? email.toUpperCase() : email;
      expect((await login(typed, "not the password")).status).toBe(401);
    }
    await expectThrottled(await login(email.toUpperCase(), PASSWORD));
  });

  it("keeps the per-address limit as well", async () => {
    const from = freshAddress();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await login(`nobody-${randomUUID()}@example.test`, "wrong password", { from })).status).toBe(
        401,
      );
    }
    const limited = await login(`nobody-${randomUUID()}@example.test`, "wrong password", { from });
    expect(limited.status).toBe(429);
    expect(errorBodySchema.parse(limited.body).error.code).toBe("rate_limited");
  });
});
