import { type AuthResponse, TIMINGS } from "@hearth/contracts";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshTokens } from "../src/db/schema";
import { hashRefreshToken } from "../src/modules/auth/tokens";
import { call, refreshCookieOf, startServer, type TestServer } from "./harness";
import { expectError, signUp } from "./support/members";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ AUTH_RATE_LIMIT_MAX: "1000", REFRESH_RATE_LIMIT_MAX: "10000" });
});
afterAll(async () => {
  await server?.close();
});

const refresh = (cookie: string) =>
  call<AuthResponse>(server, "/api/auth/refresh", { method: "POST", cookie });

function newCookieOf(response: { status: number; body: unknown; headers: Headers }): string {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const cookie = refreshCookieOf(response.headers);
  if (!cookie) throw new Error("the refresh set no cookie");
  return cookie;
}

async function rowOf(cookie: string) {
  const [row] = await server.database.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(cookie)));
  if (!row) throw new Error("no row for this refresh token");
  return row;
}

async function liveTokensOfFamily(familyId: string): Promise<number> {
  const [row] = await server.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  return row?.count ?? -1;
}

/** Makes the token's first use older than the grace window, as if it came back much later. */
async function ageFirstUse(cookie: string) {
  const past = new Date(Date.now() - (TIMINGS.refreshReuseGraceSeconds + 5) * 1000);
  await server.database.db
    .update(refreshTokens)
    .set({ usedAt: past })
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(cookie)));
}

describe("concurrent refreshes (several tabs, one cookie)", () => {
  it("answers 200 to five refreshes at once, each with a new token of the same family that works", async () => {
    const { cookie } = await signUp(server);
    const { familyId } = await rowOf(cookie);
    const responses = await Promise.all(Array.from({ length: 5 }, () => refresh(cookie)));
    const cookies = responses.map(newCookieOf);
    expect(new Set(cookies).size).toBe(5);
    for (const next of cookies) {
      expect((await rowOf(next)).familyId).toBe(familyId);
      const me = await call(server, "/api/me", {
        token: responses[cookies.indexOf(next)]?.body.access_token ?? "",
      });
      expect(me.status).toBe(200);
      newCookieOf(await refresh(next));
    }
  });

  it("gives a token used moments ago another token, and leaves its first use time alone", async () => {
    const { cookie } = await signUp(server);
    const first = newCookieOf(await refresh(cookie));
    const usedAt = (await rowOf(cookie)).usedAt;
    const again = newCookieOf(await refresh(cookie));
    expect(again).not.toBe(first);
    expect((await rowOf(cookie)).usedAt).toEqual(usedAt);
    newCookieOf(await refresh(first));
    newCookieOf(await refresh(again));
  });
});

describe("reuse after the grace window", () => {
  it("revokes the whole family, every token issued to concurrent tabs included", async () => {
    const { cookie } = await signUp(server);
    const { familyId } = await rowOf(cookie);
    const cookies = (await Promise.all(Array.from({ length: 5 }, () => refresh(cookie)))).map(newCookieOf);
    const grandchild = newCookieOf(await refresh(cookies[0] ?? ""));

    await ageFirstUse(cookie);
    const reuse = await refresh(cookie);
    expectError(reuse, 401, "invalid_token");
    expect(refreshCookieOf(reuse.headers)).toBe("");
    for (const stolen of [...cookies, grandchild]) {
      expectError(await refresh(stolen), 401, "invalid_token");
    }
    expect(await liveTokensOfFamily(familyId)).toBe(0);
  });

  it("never issues a token in a revoked family, even from a token that escaped the revocation", async () => {
    // An unused token whose family is revoked (what the old non-atomic rotation could leave behind).
    const a = await signUp(server);
    const escaped = newCookieOf(await refresh(a.cookie));
    await server.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(a.cookie)));
    expectError(await refresh(escaped), 401, "invalid_token");
    const family = (await rowOf(escaped)).familyId;
    expect(await liveTokensOfFamily(family)).toBe(0);

    // A token inside its grace window whose family is revoked meanwhile.
    const b = await signUp(server);
    const child = newCookieOf(await refresh(b.cookie));
    const bFamily = (await rowOf(b.cookie)).familyId;
    await server.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(child)));
    const [before] = await server.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, bFamily));
    expectError(await refresh(b.cookie), 401, "invalid_token");
    const [after] = await server.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, bFamily));
    expect(after?.count).toBe(before?.count);
    expect(await liveTokensOfFamily(bFamily)).toBe(0);
  });

  it("leaves no live token when a reuse races rotations of the family", async () => {
    for (let round = 0; round < 12; round++) {
      const { cookie } = await signUp(server);
      const { familyId } = await rowOf(cookie);
      // Four tabs' tokens, each rotated at the moment the stolen original comes back.
      const tabs = (await Promise.all(Array.from({ length: 4 }, () => refresh(cookie)))).map(newCookieOf);
      await ageFirstUse(cookie);

      const [reuse, ...rotations] = await Promise.all([refresh(cookie), ...tabs.map(refresh)]);
      expectError(reuse ?? { status: 0, body: null }, 401, "invalid_token");
      const issued = rotations.flatMap((response) => {
        const next = response.status === 200 ? refreshCookieOf(response.headers) : null;
        return next ? [next] : [];
      });
      // Counted before the new tokens are tried: trying one that escaped would revoke it.
      expect(await liveTokensOfFamily(familyId), `round ${round}`).toBe(0);
      for (const next of issued) expectError(await refresh(next), 401, "invalid_token");
    }
  });

  it("leaves no live token when a logout races rotations of the family", async () => {
    for (let round = 0; round < 8; round++) {
      const { cookie } = await signUp(server);
      const { familyId } = await rowOf(cookie);
      const [logout, ...rotations] = await Promise.all([
        call(server, "/api/auth/logout", { method: "POST", cookie }),
        refresh(cookie),
        refresh(cookie),
      ]);
      expect(logout?.status).toBe(204);
      const issued = rotations.flatMap((response) => {
        const next = response.status === 200 ? refreshCookieOf(response.headers) : null;
        return next ? [next] : [];
      });
      const hashes = issued.map(hashRefreshToken);
      if (hashes.length > 0) {
        const live = await server.database.db
          .select({ id: refreshTokens.id })
          .from(refreshTokens)
          .where(and(inArray(refreshTokens.tokenHash, hashes), isNull(refreshTokens.revokedAt)));
        expect(live).toEqual([]);
      }
      expect(await liveTokensOfFamily(familyId), `round ${round}`).toBe(0);
    }
  });
});
