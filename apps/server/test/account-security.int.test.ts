import { ACCOUNT_SECURITY_MESSAGES, type AuthResponse, ERROR_MESSAGES, type Me } from "@hearth/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshTokens, users } from "../src/db/schema";
import { createTokenService } from "../src/modules/auth/index";
import { insertExternalMember } from "../src/modules/users/index";
import { updateUser } from "./characters-fixtures";
import { call, refreshCookieOf, startServer, type TestServer } from "./harness";
import { expectError, expectInvalid, guestToken, PASSWORD, type SignedUp, signUp } from "./support/members";

const NEW_PASSWORD = "a brand new passphrase";
const FAILURES_MAX = 3;

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    AUTH_RATE_LIMIT_MAX: "1000",
    REFRESH_RATE_LIMIT_MAX: "10000",
    LOGIN_FAILURES_MAX: String(FAILURES_MAX),
  });
});
afterAll(async () => {
  await server?.close();
});

type Session = { token: string; cookie: string };

/** A session answer (sign-in, password change, refresh): its access token and refresh cookie. */
function sessionOf(response: { status: number; body: unknown; headers: Headers }): Session {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const cookie = refreshCookieOf(response.headers);
  if (!cookie) throw new Error("the answer set no refresh cookie");
  return { token: (response.body as AuthResponse).access_token, cookie };
}

const login = (email: string, password: string) =>
  call<AuthResponse>(server, "/api/auth/login", { body: { email, password } });
const refresh = (cookie: string) =>
  call<AuthResponse>(server, "/api/auth/refresh", { method: "POST", cookie });
const me = (token: string) => call<Me>(server, "/api/me", { token });
const changePassword = (token: string, body: unknown) =>
  call<AuthResponse>(server, "/api/users/password", { method: "PUT", token, body });
const logoutAll = (token: string) => call(server, "/api/auth/logout-all", { method: "POST", token });
const removeAccount = (token: string, body?: unknown) =>
  call(server, "/api/users", { method: "DELETE", token, ...(body === undefined ? {} : { body }) });

/** The member signed up (one session) and signed in on a second device (another session). */
async function memberWithTwoSessions(): Promise<{ member: SignedUp; here: Session; elsewhere: Session }> {
  const member = await signUp(server);
  const elsewhere = sessionOf(await login(member.email, PASSWORD));
  return { member, here: { token: member.token, cookie: member.cookie }, elsewhere };
}

/** Every one of these sessions is over: its access token and its refresh cookie are refused. */
async function expectEnded(...sessions: Session[]) {
  for (const session of sessions) {
    expectError(await me(session.token), 401, "invalid_token");
    expectError(await refresh(session.cookie), 401, "invalid_token");
  }
}

async function expectWorks(session: Session) {
  expect((await me(session.token)).status).toBe(200);
  const renewed = sessionOf(await refresh(session.cookie));
  expect((await me(renewed.token)).status).toBe(200);
}

async function userExists(id: string): Promise<boolean> {
  const rows = await server.database.db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return rows.length === 1;
}

/** A partner member (no email, no password) and an access token for it. */
async function passwordlessMember(): Promise<{ id: string; token: string }> {
  const user = await insertExternalMember(server.database.db, {
    externalId: `partner-${Date.now()}-${Math.random()}`,
    username: null,
    name: "Partner",
  });
  const token = await createTokenService(server.jwtSecret).signAccessToken({
    kind: "member",
    userId: user.id,
  });
  return { id: user.id, token };
}

describe("PUT /api/users/password", () => {
  it("changes the password, ends every other session and keeps this tab signed in", async () => {
    const { member, here, elsewhere } = await memberWithTwoSessions();
    const changed = await changePassword(here.token, {
      current_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    const fresh = sessionOf(changed);
    expect(changed.body.user.id).toBe(member.user.id);
    expect(changed.body.user.has_password).toBe(true);
    expect(fresh.cookie).not.toBe(here.cookie);

    // Every session from before, this tab's own old tokens included, is over; the fresh one works.
    await expectEnded(here, elsewhere);
    await expectWorks(fresh);

    expectError(await login(member.email, PASSWORD), 401, "invalid_credentials");
    const again = sessionOf(await login(member.email, NEW_PASSWORD));
    expect((await me(again.token)).status).toBe(200);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.sessionsRevokedAt).toBeInstanceOf(Date);
  });

  it("refuses a wrong current password and changes nothing", async () => {
    const { member, here, elsewhere } = await memberWithTwoSessions();
    expectInvalid(
      await changePassword(here.token, { current_password: "not my password", new_password: NEW_PASSWORD }),
      "current_password",
      ACCOUNT_SECURITY_MESSAGES.currentPasswordWrong,
    );
    await expectWorks(here);
    await expectWorks(elsewhere);
    expect((await login(member.email, PASSWORD)).status).toBe(200);
    expectError(await login(member.email, NEW_PASSWORD), 401, "invalid_credentials");
  });

  it("checks the new password with the sign-up rules, and that it differs", async () => {
    const { token } = await signUp(server);
    expectInvalid(
      await changePassword(token, { current_password: PASSWORD, new_password: "short" }),
      "new_password",
      "Password must be at least 8 characters",
    );
    expectInvalid(
      await changePassword(token, { current_password: PASSWORD, new_password: PASSWORD }),
      "new_password",
      ACCOUNT_SECURITY_MESSAGES.newPasswordSame,
    );
    expectInvalid(
      await changePassword(token, { current_password: "", new_password: NEW_PASSWORD }),
      "current_password",
      ACCOUNT_SECURITY_MESSAGES.currentPasswordRequired,
    );
    expect((await me(token)).status).toBe(200);
  });

  it("answers 409 no_password to an account without one", async () => {
    const partner = await passwordlessMember();
    const error = expectError(
      await changePassword(partner.token, { current_password: "anything", new_password: NEW_PASSWORD }),
      409,
      "no_password",
    );
    expect(error.message).toBe(ERROR_MESSAGES.no_password);
  });

  it("is for members, restricted ones included", async () => {
    const body = { current_password: PASSWORD, new_password: NEW_PASSWORD };
    expectError(await call(server, "/api/users/password", { method: "PUT", body }), 401, "unauthenticated");
    expectError(await changePassword(await guestToken(server), body), 403, "forbidden");
    const restricted = await signUp(server);
    await updateUser(server, restricted.user.id, { restriction: "complete_restriction" });
    sessionOf(await changePassword(restricted.token, body));
  });
});

describe("POST /api/auth/logout-all", () => {
  it("ends every session of the member at once, and a new sign-in works right after", async () => {
    const { member, here, elsewhere } = await memberWithTwoSessions();
    const other = await signUp(server);
    const response = await logoutAll(here.token);
    expect(response.status).toBe(204);
    expect(refreshCookieOf(response.headers)).toBe("");

    await expectEnded(here, elsewhere);
    const [live] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(refreshTokens)
      .where(sql`${refreshTokens.userId} = ${member.user.id} and ${refreshTokens.revokedAt} is null`);
    expect(live?.n).toBe(0);
    // Only this member's sessions end.
    await expectWorks({ token: other.token, cookie: other.cookie });

    // Within the same second as the revocation: a token issued after it is not mistaken for an old one.
    const signedInAgain = sessionOf(await login(member.email, PASSWORD));
    await expectWorks(signedInAgain);
  });

  it("leaves no session behind when other tabs refresh at the same moment (password change too)", async () => {
    for (let round = 0; round < 10; round++) {
      const { here, elsewhere } = await memberWithTwoSessions();
      const change = { current_password: PASSWORD, new_password: NEW_PASSWORD };
      const [first, second, ended] = await Promise.all([
        refresh(elsewhere.cookie),
        refresh(elsewhere.cookie),
        round % 2 === 0 ? logoutAll(here.token) : changePassword(here.token, change),
      ]);
      expect(ended.status, JSON.stringify(ended.body)).toBe(round % 2 === 0 ? 204 : 200);
      // Each refresh either lost the race (refused) or won it, and what it issued is ended too.
      for (const renewed of [first, second]) {
        if (renewed.status === 200) await expectEnded(sessionOf(renewed));
        else expectError(renewed, 401, "invalid_token");
      }
      if (round % 2 === 1) await expectWorks(sessionOf(ended));
    }
  });

  it("is for members, restricted ones included", async () => {
    expectError(await call(server, "/api/auth/logout-all", { method: "POST" }), 401, "unauthenticated");
    expectError(await logoutAll(await guestToken(server)), 403, "forbidden");
    const restricted = await signUp(server);
    await updateUser(server, restricted.user.id, { restriction: "temporary_restriction" });
    expect((await logoutAll(restricted.token)).status).toBe(204);
    expectError(await me(restricted.token), 401, "invalid_token");
  });
});

describe("DELETE /api/users asks for the password again", () => {
  it("refuses a missing or wrong password and removes nothing, then removes with the right one", async () => {
    const member = await signUp(server);
    expectError(await removeAccount(member.token), 400, "validation_error");
    for (const body of [{}, { password: "" }, { confirm: "DELETE" }]) {
      expectInvalid(
        await removeAccount(member.token, body),
        "password",
        ACCOUNT_SECURITY_MESSAGES.removalPasswordRequired,
      );
    }
    expectInvalid(
      await removeAccount(member.token, { password: "not my password" }),
      "password",
      ACCOUNT_SECURITY_MESSAGES.removalPasswordWrong,
    );
    expect(await userExists(member.user.id)).toBe(true);
    expect((await me(member.token)).status).toBe(200);

    const removed = await removeAccount(member.token, { password: PASSWORD });
    expect(removed.status).toBe(204);
    expect(refreshCookieOf(removed.headers)).toBe("");
    expect(await userExists(member.user.id)).toBe(false);
  });

  it("asks an account without a password to type DELETE instead", async () => {
    const partner = await passwordlessMember();
    expectError(await removeAccount(partner.token), 400, "validation_error");
    for (const body of [{}, { password: "anything" }]) {
      expectInvalid(
        await removeAccount(partner.token, body),
        "confirm",
        ACCOUNT_SECURITY_MESSAGES.removalConfirmRequired,
      );
    }
    expectInvalid(
      await removeAccount(partner.token, { confirm: "delete" }),
      "confirm",
      ACCOUNT_SECURITY_MESSAGES.removalConfirmRequired,
    );
    expect(await userExists(partner.id)).toBe(true);
    expect((await removeAccount(partner.token, { confirm: "DELETE" })).status).toBe(204);
    expect(await userExists(partner.id)).toBe(false);
  });
});

describe("password checks count against the account like sign-ins", () => {
  it("answers 429 after LOGIN_FAILURES_MAX wrong passwords, even for the right one, and removes nothing", async () => {
    const member = await signUp(server);
    const wrong = { current_password: "wrong password", new_password: NEW_PASSWORD };
    expect((await changePassword(member.token, wrong)).status).toBe(400);
    expect((await removeAccount(member.token, { password: "wrong password" })).status).toBe(400);
    expect((await changePassword(member.token, wrong)).status).toBe(400);

    const limited = expectError(
      await removeAccount(member.token, { password: PASSWORD }),
      429,
      "rate_limited",
    );
    expect(limited.message).toBe(ERROR_MESSAGES.rate_limited);
    const change = await changePassword(member.token, {
      current_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expectError(change, 429, "rate_limited");
    expect(Number(change.headers.get("retry-after"))).toBeGreaterThan(0);
    expectError(await login(member.email, PASSWORD), 429, "rate_limited");
    expect(await userExists(member.user.id)).toBe(true);
  });
});

describe("the per-address rate limit of PUT /api/users/password", () => {
  it("answers 429 after AUTH_RATE_LIMIT_MAX attempts a minute", async () => {
    const limitedServer = await startServer({ AUTH_RATE_LIMIT_MAX: "3", LOGIN_FAILURES_MAX: "100" });
    try {
      const member = await signUp(limitedServer);
      const attempt = () =>
        call(limitedServer, "/api/users/password", {
          method: "PUT",
          token: member.token,
          body: { current_password: "wrong password", new_password: NEW_PASSWORD },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(400);
      expectError(await attempt(), 429, "rate_limited");
    } finally {
      await limitedServer.close();
    }
  });
});
