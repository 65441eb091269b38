import type { AuditList, AuthResponse, ErrorBody, Me } from "@hearth/contracts";
import { authResponseSchema, errorBodySchema, meSchema, TIMINGS } from "@hearth/contracts";
import { eq, sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshTokens, users } from "../src/db/schema";
import { announceChange } from "../src/kernel/change-feed";
import { updateUser } from "./characters-fixtures";
import { call, refreshCookieOf, startServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  // Many sign-ups in one file: the rate limit has its own test.
  server = await startServer({ AUTH_RATE_LIMIT_MAX: "1000", ADMIN_PASSWORD: "admin password for tests" });
});
afterAll(async () => {
  await server?.close();
});

const PASSWORD = "correct horse battery";
let counter = 0;
const uniqueEmail = () => `member${++counter}-${Date.now()}@example.test`;

async function signUp(email = uniqueEmail()) {
  const response = await call<AuthResponse>(server, "/api/auth/signup", {
    body: { email, password: PASSWORD },
  });
  expect(response.status).toBe(201);
  const cookie = refreshCookieOf(response.headers);
  if (!cookie) throw new Error("signup set no refresh cookie");
  return { email, token: response.body.access_token, user: response.body.user, cookie };
}

function expectError(
  response: { status: number; body: unknown },
  status: number,
  code: ErrorBody["error"]["code"],
) {
  expect(response.status).toBe(status);
  const parsed = errorBodySchema.parse(response.body);
  expect(parsed.error.code).toBe(code);
  return parsed.error;
}

describe("sign-up, sign-in, me, refresh and logout", () => {
  it("signs up a free member with an argon2id hash and a refresh cookie", async () => {
    const email = `Mixed.Case-${Date.now()}@Example.test`;
    const response = await call<AuthResponse>(server, "/api/auth/signup", {
      body: { email, password: PASSWORD },
    });
    expect(response.status).toBe(201);
    const body = authResponseSchema.parse(response.body);
    expect(body.user).toMatchObject({
      email: email.toLowerCase(),
      role: "free",
      is_guest: false,
      status: "active",
    });
    expect(body.user).not.toHaveProperty("password_hash");
    expect(body.user.has_openai_api_key).toBe(false);
    const setCookie = response.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    const [row] = await server.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("signs in, reads /api/me, refreshes and logs out", async () => {
    const { email } = await signUp();
    const login = await call<AuthResponse>(server, "/api/auth/login", {
      body: { email, password: PASSWORD },
    });
    expect(login.status).toBe(200);
    const me = await call<Me>(server, "/api/me", { token: login.body.access_token });
    expect(me.status).toBe(200);
    expect(meSchema.parse(me.body).email).toBe(email);

    const cookie = refreshCookieOf(login.headers) ?? "";
    const refreshed = await call<AuthResponse>(server, "/api/auth/refresh", { method: "POST", cookie });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.email).toBe(email);
    const rotated = refreshCookieOf(refreshed.headers);
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(cookie);

    const logout = await call(server, "/api/auth/logout", { method: "POST", cookie: rotated ?? "" });
    expect(logout.status).toBe(204);
    expect(refreshCookieOf(logout.headers)).toBe("");
    expectError(
      await call(server, "/api/auth/refresh", { method: "POST", cookie: rotated ?? "" }),
      401,
      "invalid_token",
    );
  });

  it("answers logout with 204 when signed out", async () => {
    const response = await call(server, "/api/auth/logout", { method: "POST" });
    expect(response.status).toBe(204);
  });

  it("rejects a duplicate email with 409 email_taken", async () => {
    const { email } = await signUp();
    const response = await call(server, "/api/auth/signup", {
      body: { email: email.toUpperCase(), password: PASSWORD },
    });
    const error = expectError(response, 409, "email_taken");
    expect(error.fields?.email).toBeTruthy();
  });

  it("answers the same 401 for a wrong password and an unknown email", async () => {
    const { email } = await signUp();
    const wrongPassword = expectError(
      await call(server, "/api/auth/login", { body: { email, password: "not the password" } }),
      401,
      "invalid_credentials",
    );
    const unknownEmail = expectError(
      await call(server, "/api/auth/login", { body: { email: uniqueEmail(), password: PASSWORD } }),
      401,
      "invalid_credentials",
    );
    expect(wrongPassword.message).toBe(unknownEmail.message);
  });

  it("answers invalid_account to every refresh of a disabled account, also once its family is revoked", async () => {
    const { cookie, user } = await signUp();
    await updateUser(server, user.id, { disabledAt: new Date() });
    // Two tabs (or a page being left and the next one) refresh with the same cookie.
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await call(server, "/api/auth/refresh", { method: "POST", cookie });
      expectError(refused, 401, "invalid_account");
      // The cookie stays, so the next page (whose refresh may come after the left page's) still learns why;
      // a refresh the browser abandoned on navigation must not leave it signed out instead.
      expect(refused.headers.getSetCookie()).toEqual([]);
    }
    const loggedOut = await call(server, "/api/auth/logout", { method: "POST", cookie });
    expect(loggedOut.headers.getSetCookie().join("\n")).toMatch(/hearth_refresh=;/);
  });

  it("refuses sign-in to a disabled account", async () => {
    const { email, user } = await signUp();
    await updateUser(server, user.id, { disabledAt: new Date() });
    expectError(
      await call(server, "/api/auth/login", { body: { email, password: PASSWORD } }),
      401,
      "invalid_account",
    );
  });
});

describe("request validation", () => {
  it("answers 400 with a message and fields for a bad body", async () => {
    const error = expectError(
      await call(server, "/api/auth/signup", { body: { email: "not-an-email", password: "short" } }),
      400,
      "validation_error",
    );
    expect(error.message).toBe("Please enter a valid email address");
    expect(error.fields).toEqual({
      email: "Please enter a valid email address",
      password: "Password must be at least 8 characters",
    });
  });

  it("answers 400 for fields of the wrong type", async () => {
    const error = expectError(
      await call(server, "/api/auth/login", { body: { email: 42, password: ["x"] } }),
      400,
      "validation_error",
    );
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(["email", "password"]);
  });

  it("answers 400 for malformed JSON, an empty JSON body and a missing body", async () => {
    expectError(await call(server, "/api/auth/login", { rawBody: '{"email":' }), 400, "validation_error");
    expectError(await call(server, "/api/auth/login", { rawBody: "" }), 400, "validation_error");
    const missing = expectError(
      await call(server, "/api/auth/login", { method: "POST" }),
      400,
      "validation_error",
    );
    expect(missing.fields).toHaveProperty("body");
  });
});

describe("access tokens", () => {
  it("answers 401 unauthenticated without a token", async () => {
    expectError(await call(server, "/api/me"), 401, "unauthenticated");
  });

  it("answers 401 invalid_token for a tampered signature", async () => {
    const { token } = await signUp();
    const last = token.at(-2) === "A" ? "B" : "A";
    const tampered = `${token.slice(0, -2)}${last}${token.at(-1)}`;
    expectError(await call(server, "/api/me", { token: tampered }), 401, "invalid_token");
    expectError(await call(server, "/api/me", { token: "garbage" }), 401, "invalid_token");
  });

  it("answers 401 invalid_token for an expired token", async () => {
    const { user } = await signUp();
    const expired = await new SignJWT({ kind: "member" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuer("hearth")
      .setAudience("hearth:access")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(server.jwtSecret));
    expectError(await call(server, "/api/me", { token: expired }), 401, "invalid_token");
  });

  it("answers 401 invalid_account once the user row is gone or disabled", async () => {
    const deleted = await signUp();
    await server.database.db.delete(users).where(eq(users.id, deleted.user.id));
    announceChange("users", deleted.user.id);
    expectError(await call(server, "/api/me", { token: deleted.token }), 401, "invalid_account");

    const disabled = await signUp();
    await updateUser(server, disabled.user.id, { disabledAt: new Date() });
    expectError(await call(server, "/api/me", { token: disabled.token }), 401, "invalid_account");
  });
});

describe("refresh token rotation", () => {
  it("revokes the whole family when a used refresh token comes back", async () => {
    const { cookie: first, user } = await signUp();
    const second = await call(server, "/api/auth/refresh", { method: "POST", cookie: first });
    expect(second.status).toBe(200);
    const secondCookie = refreshCookieOf(second.headers) ?? "";

    // Back after the grace window for concurrent tabs (auth-refresh.int.test.ts covers the window).
    await server.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - (TIMINGS.refreshReuseGraceSeconds + 5) * 1000) })
      .where(sql`${refreshTokens.userId} = ${user.id} and ${refreshTokens.usedAt} is not null`);
    const reuse = await call(server, "/api/auth/refresh", { method: "POST", cookie: first });
    expectError(reuse, 401, "invalid_token");
    expect(refreshCookieOf(reuse.headers)).toBe("");
    expectError(
      await call(server, "/api/auth/refresh", { method: "POST", cookie: secondCookie }),
      401,
      "invalid_token",
    );

    const live = await server.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(refreshTokens)
      .where(sql`${refreshTokens.userId} = ${user.id} and ${refreshTokens.revokedAt} is null`);
    expect(live[0]?.count).toBe(0);
  });

  it("answers 401 for an expired, unknown or missing refresh token", async () => {
    const { cookie, user } = await signUp();
    await server.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, user.id));
    expectError(await call(server, "/api/auth/refresh", { method: "POST", cookie }), 401, "invalid_token");
    expectError(
      await call(server, "/api/auth/refresh", { method: "POST", cookie: "unknown" }),
      401,
      "invalid_token",
    );
    expectError(await call(server, "/api/auth/refresh", { method: "POST" }), 401, "unauthenticated");
  });

  it("shows a role change at the next /api/me and refresh", async () => {
    const { token, cookie, user } = await signUp();
    await updateUser(server, user.id, { role: "premium", restriction: "limited_access" });
    const me = await call<Me>(server, "/api/me", { token });
    expect(me.body.role).toBe("premium");
    expect(me.body.status).toBe("limited");
    const refreshed = await call<AuthResponse>(server, "/api/auth/refresh", { method: "POST", cookie });
    expect(refreshed.body.user.role).toBe("premium");
    expect(refreshed.body.user.permissions).toContain("limited_access");
  });
});

describe("guests", () => {
  it("creates a guest without a database row and keeps its id across refreshes", async () => {
    const [{ count: before } = { count: -1 }] = await server.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users);
    const created = await call<AuthResponse>(server, "/api/auth/guest", { method: "POST" });
    expect(created.status).toBe(201);
    const guest = authResponseSchema.parse(created.body).user;
    expect(guest).toMatchObject({ is_guest: true, role: "guest", email: null, status: "active" });
    expect(guest.id).toMatch(/^guest_/);
    expect(guest.permissions).toEqual(["site_access", "view_chat", "display_ads"]);

    const me = await call<Me>(server, "/api/me", { token: created.body.access_token });
    expect(me.body.id).toBe(guest.id);

    const cookie = refreshCookieOf(created.headers) ?? "";
    const refreshed = await call<AuthResponse>(server, "/api/auth/refresh", { method: "POST", cookie });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.id).toBe(guest.id);
    expect(refreshed.body.user.created_at).toBe(guest.created_at);

    const [{ count: after } = { count: -2 }] = await server.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users);
    expect(after).toBe(before);
  });
});

describe("permissions", () => {
  it("lets only admins switch feature flags", async () => {
    const { token } = await signUp();
    const body = { enabled: true };
    expectError(
      await call(server, "/api/admin/flags/sale_active", { method: "PUT", body }),
      401,
      "unauthenticated",
    );
    expectError(
      await call(server, "/api/admin/flags/sale_active", { method: "PUT", body, token }),
      403,
      "forbidden",
    );
    // Authorization comes before validation: a bad body from a non-admin is still a 403.
    expectError(
      await call(server, "/api/admin/flags/sale_active", { method: "PUT", body: { enabled: "x" }, token }),
      403,
      "forbidden",
    );
    const guest = await call<AuthResponse>(server, "/api/auth/guest", { method: "POST" });
    expectError(
      await call(server, "/api/admin/flags/sale_active", {
        method: "PUT",
        body,
        token: guest.body.access_token,
      }),
      403,
      "forbidden",
    );

    const admin = await call<AuthResponse>(server, "/api/auth/login", {
      body: { email: server.config.admin.email, password: server.config.admin.password },
    });
    expect(admin.status).toBe(200);
    expect(admin.body.user.role).toBe("admin");
    const adminToken = admin.body.access_token;
    const updated = await call(server, "/api/admin/flags/sale_active", {
      method: "PUT",
      body,
      token: adminToken,
    });
    expect(updated).toMatchObject({ status: 200, body: { name: "sale_active", enabled: true } });
    const config = await call<{ flags: Record<string, boolean> }>(server, "/api/config");
    expect(config.body.flags.sale_active).toBe(true);
    // Audited: who switched which flag, from what to what.
    const audit = await call<AuditList>(server, "/api/admin/audit?limit=100", { token: adminToken });
    expect(audit.status).toBe(200);
    const entries = audit.body.data.filter((entry) => entry.action === "feature_flag.set");
    expect(entries).toMatchObject([
      {
        actor_user_id: admin.body.user.id,
        subject_type: "feature_flag",
        before: { name: "sale_active", enabled: false },
        after: { name: "sale_active", enabled: true },
      },
    ]);
    expect(entries[0]?.subject_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );

    expectError(
      await call(server, "/api/admin/flags/no_such_flag", { method: "PUT", body, token: adminToken }),
      404,
      "not_found",
    );
    expectError(
      await call(server, "/api/admin/flags/sale_active", {
        method: "PUT",
        body: { enabled: "yes" },
        token: adminToken,
      }),
      400,
      "validation_error",
    );
  });
});
