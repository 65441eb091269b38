import { type AuthResponse, authResponseSchema, type Me, type Persona } from "@hearth/contracts";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { updateUser } from "./characters-fixtures";
import { call, refreshCookieOf, startServer, type TestServer } from "./harness";
import { expectError, expectInvalid, uniqueUsername } from "./support/members";

const PARTNER_SECRET = "partner-secret-".padEnd(40, "x");

// The test client connects to 127.0.0.1, which is a partner host on the first server only.
let partner: TestServer;
let regular: TestServer;
beforeAll(async () => {
  [partner, regular] = await Promise.all([
    startServer({
      AUTH_RATE_LIMIT_MAX: "1000",
      PARTNER_HOSTS: "127.0.0.1",
      PARTNER_JWT_SECRET: PARTNER_SECRET,
    }),
    startServer({
      AUTH_RATE_LIMIT_MAX: "1000",
      PARTNER_HOSTS: "partner.example",
      PARTNER_JWT_SECRET: PARTNER_SECRET,
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([partner?.close(), regular?.close()]);
});

function partnerToken(
  claims: Record<string, unknown>,
  options: { secret?: string; expiresIn?: number | null; alg?: string } = {},
) {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: options.alg ?? "HS256" }).setIssuedAt();
  if (options.expiresIn !== null)
    jwt.setExpirationTime(Math.floor(Date.now() / 1000) + (options.expiresIn ?? 300));
  return jwt.sign(new TextEncoder().encode(options.secret ?? PARTNER_SECRET));
}

describe("POST /api/external/users", () => {
  it("creates a partner member with an external id and answers user and token", async () => {
    const username = uniqueUsername("Ext_");
    const response = await call<AuthResponse>(partner, "/api/external/users", {
      body: { name: " Partner Pat ", username: username.toUpperCase() },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const body = authResponseSchema.parse(response.body);
    expect(body.user).toMatchObject({
      username: username.toLowerCase(),
      name: "Partner Pat",
      email: null,
      role: "free",
    });
    expect(body.user.external_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.user.onboarding_step).toBe("done");
    expect(refreshCookieOf(response.headers)).toBeTruthy();
    const me = await call<Me>(partner, "/api/me", { token: body.access_token });
    expect(me.body.id).toBe(body.user.id);
    const personas = await call<{ data: Persona[] }>(partner, "/api/personas", { token: body.access_token });
    expect(personas.body.data).toMatchObject([{ name: "Partner Pat", is_default: true }]);

    const again = await call(partner, "/api/external/users", { body: { name: "Other", username } });
    expect(expectError(again, 409, "username_taken").message).toBe("Username is not available");
  });

  it("uses the external variant's rules (minimum 4)", async () => {
    const post = (body: Record<string, unknown>) => call(partner, "/api/external/users", { body });
    const username = uniqueUsername();
    expectInvalid(
      await post({ name: "Pat Partner", username: "abc" }),
      "username",
      "Username is too short, it should be at least 4 characters long.",
    );
    expectInvalid(await post({ name: "Pat Partner", username: "" }), "username", "Username can't be empty");
    expectInvalid(
      await post({ name: "Pat Partner", username: "no way!" }),
      "username",
      "Username contain invalid characters",
    );
    expectInvalid(
      await post({ name: "Pat Partner", username: "u".repeat(21) }),
      "username",
      "Username should be less then 20 characters",
    );
    expectInvalid(await post({ name: "Pat", username }), "name", "Name should be of atleast 4 characters");
    expectInvalid(await post({ name: "", username }), "name", "Name can't be empty");
    expectInvalid(
      await post({ name: "n".repeat(21), username }),
      "name",
      "Name should be less than 20 characters",
    );
  });

  it("is refused outside partner hosts", async () => {
    const response = await call(regular, "/api/external/users", {
      body: { name: "Pat Partner", username: uniqueUsername() },
    });
    expectError(response, 403, "forbidden");
    // Before validation: nothing about the body is revealed there.
    expectError(await call(regular, "/api/external/users", { body: {} }), 403, "forbidden");
  });
});

describe("POST /api/auth/partner", () => {
  it("signs in with the partner's token, creating the member once", async () => {
    const sub = `partner-user-${Date.now()}`;
    const first = await call<AuthResponse>(partner, "/api/auth/partner", {
      body: { token: await partnerToken({ sub, name: "Jamie From Partner Site Long Name" }) },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const body = authResponseSchema.parse(first.body);
    expect(body.user).toMatchObject({
      external_id: sub,
      username: null,
      name: "Jamie From Partner S",
      onboarding_step: "welcome",
    });
    expect(refreshCookieOf(first.headers)).toBeTruthy();

    const second = await call<AuthResponse>(partner, "/api/auth/partner", {
      body: { token: await partnerToken({ sub }) },
    });
    expect(second.body.user.id).toBe(body.user.id);
    const rows = await partner.database.db.select().from(users).where(eq(users.externalId, sub));
    expect(rows.length).toBe(1);

    // A disabled account stays out.
    await updateUser(partner, body.user.id, { disabledAt: new Date() });
    const disabled = await call(partner, "/api/auth/partner", {
      body: { token: await partnerToken({ sub }) },
    });
    expectError(disabled, 401, "invalid_account");
  });

  it("rejects bad tokens", async () => {
    const sub = `partner-bad-${Date.now()}`;
    const bad = [
      await partnerToken({ sub }, { secret: "another-secret".padEnd(40, "y") }),
      await partnerToken({ sub }, { expiresIn: -60 }),
      await partnerToken({ sub }, { expiresIn: null }),
      await partnerToken({ name: "No subject" }),
      await partnerToken({ sub }, { alg: "HS512" }),
      "not.a.jwt",
    ];
    for (const token of bad) {
      expectError(await call(partner, "/api/auth/partner", { body: { token } }), 401, "invalid_token");
    }
    expectError(await call(partner, "/api/auth/partner", { body: {} }), 400, "validation_error");
    expect((await partner.database.db.select().from(users).where(eq(users.externalId, sub))).length).toBe(0);
  });

  it("is refused outside partner hosts and without a configured secret", async () => {
    const token = await partnerToken({ sub: "someone" });
    expectError(await call(regular, "/api/auth/partner", { body: { token } }), 403, "forbidden");
    const unconfigured = await startServer({ AUTH_RATE_LIMIT_MAX: "1000", PARTNER_HOSTS: "127.0.0.1" });
    try {
      expectError(await call(unconfigured, "/api/auth/partner", { body: { token } }), 403, "forbidden");
    } finally {
      await unconfigured.close();
    }
  });
});
