import { SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../../http/errors";
import {
  createTokenService,
  hashRefreshToken,
  isGuestRefreshToken,
  issuedBefore,
  newGuest,
  newRefreshToken,
} from "./tokens";

const SECRET = "s".repeat(40);
const tokens = createTokenService(SECRET);
const USER_ID = "0b6f3f5e-2f7c-4a37-9b7e-0c2f4d1e9a11";

type Claim = "exp" | "iat" | "sub" | "jti" | "iss" | "aud";
const CLAIMS: Claim[] = ["exp", "iat", "sub", "jti", "iss", "aud"];

/** A token signed with the real secret, with every standard claim but `omit`. */
function forge(claims: Record<string, string | number>, sub: string, audience: string, omit?: Claim) {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" });
  if (omit !== "sub") jwt.setSubject(sub);
  if (omit !== "iss") jwt.setIssuer("hearth");
  if (omit !== "aud") jwt.setAudience(audience);
  if (omit !== "jti") jwt.setJti("d9b1c4de-0f5e-4a55-8c1e-5a7c0e2c8f10");
  if (omit !== "iat") jwt.setIssuedAt();
  if (omit !== "exp") jwt.setExpirationTime("15m");
  return jwt.sign(new TextEncoder().encode(SECRET));
}

async function expectInvalid(promise: Promise<unknown>) {
  await expect(promise).rejects.toSatisfy(
    (error) => error instanceof AppError && error.code === "invalid_token",
  );
}

describe("access tokens", () => {
  it("round-trips member and guest identities", async () => {
    const member = await tokens.verifyAccessToken(
      await tokens.signAccessToken({ kind: "member", userId: USER_ID }),
    );
    expect(member).toEqual({ kind: "member", userId: USER_ID, iat: expect.any(Number) });
    const guest = newGuest();
    const verified = await tokens.verifyAccessToken(
      await tokens.signAccessToken({ kind: "guest", ...guest }),
    );
    expect(verified).toEqual({ kind: "guest", ...guest, iat: expect.any(Number) });
  });

  it("keeps the issue time to the millisecond, so a revocation can be told from a token just after it", async () => {
    const before = Date.now();
    const { iat } = await tokens.verifyAccessToken(
      await tokens.signAccessToken({ kind: "member", userId: USER_ID }),
    );
    const after = Date.now();
    expect(Math.round(iat * 1000)).toBeGreaterThanOrEqual(before);
    expect(Math.round(iat * 1000)).toBeLessThanOrEqual(after);
    expect(issuedBefore(iat, new Date(Math.round(iat * 1000)))).toBe(false);
    expect(issuedBefore(iat, new Date(Math.round(iat * 1000) + 1))).toBe(true);
  });

  it("rejects another secret, a tampered payload and an expired token", async () => {
    const token = await tokens.signAccessToken({ kind: "member", userId: USER_ID });
    await expectInvalid(createTokenService("x".repeat(40)).verifyAccessToken(token));
    const [header, , signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ kind: "member", sub: USER_ID, role: "admin" })).toString(
      "base64url",
    );
    await expectInvalid(tokens.verifyAccessToken(`${header}.${forged}.${signature}`));
    const expired = await new SignJWT({ kind: "member" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(USER_ID)
      .setIssuer("hearth")
      .setAudience("hearth:access")
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(SECRET));
    await expectInvalid(tokens.verifyAccessToken(expired));
  });

  it("rejects a token signed with the secret that lacks exp, iat, sub, jti, iss or aud", async () => {
    // Complete, the forged token is accepted: only the missing claim makes the difference.
    const complete = await forge({ kind: "member" }, USER_ID, "hearth:access");
    expect(await tokens.verifyAccessToken(complete)).toEqual({
      kind: "member",
      userId: USER_ID,
      iat: expect.any(Number),
    });
    for (const claim of CLAIMS) {
      const token = await forge({ kind: "member" }, USER_ID, "hearth:access", claim);
      await expectInvalid(tokens.verifyAccessToken(token));
    }
    const guest = newGuest();
    const gca = Math.floor(Date.parse(guest.createdAt) / 1000);
    const guestAccess = await forge({ kind: "guest", gca }, guest.guestId, "hearth:access", "exp");
    await expectInvalid(tokens.verifyAccessToken(guestAccess));
  });

  it("rejects the unsigned algorithm and a guest refresh token used as an access token", async () => {
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(
      JSON.stringify({ kind: "member", sub: USER_ID, iss: "hearth", aud: "hearth:access" }),
    ).toString("base64url")}.`;
    await expectInvalid(tokens.verifyAccessToken(none));
    const guestRefresh = await tokens.signGuestRefreshToken(newGuest());
    await expectInvalid(tokens.verifyAccessToken(guestRefresh));
  });
});

describe("verified access tokens", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("are remembered only until they expire", async () => {
    const token = await tokens.signAccessToken({ kind: "member", userId: USER_ID });
    const first = await tokens.verifyAccessToken(token);
    expect(await tokens.verifyAccessToken(token)).toEqual(first);
    vi.useFakeTimers({ now: Date.now() + 16 * 60 * 1000, toFake: ["Date"] });
    await expectInvalid(tokens.verifyAccessToken(token));
  });

  it("remember nothing for a token that failed", async () => {
    const token = await tokens.signAccessToken({ kind: "member", userId: USER_ID });
    const tampered = `${token.slice(0, -2)}xx`;
    await expectInvalid(tokens.verifyAccessToken(tampered));
    await expectInvalid(tokens.verifyAccessToken(tampered));
  });
});

describe("refresh tokens", () => {
  it("makes random opaque member tokens stored as sha-256 hashes", () => {
    const a = newRefreshToken();
    const b = newRefreshToken();
    expect(a.token).not.toBe(b.token);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.hash).toBe(hashRefreshToken(a.token));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(isGuestRefreshToken(a.token)).toBe(false);
  });

  it("rejects a guest refresh token signed with the secret that lacks exp, iat, sub, jti, iss or aud", async () => {
    const guest = newGuest();
    const gca = Math.floor(Date.parse(guest.createdAt) / 1000);
    const complete = await forge({ gca }, guest.guestId, "hearth:guest-refresh");
    expect(await tokens.verifyGuestRefreshToken(complete)).toEqual(guest);
    for (const claim of CLAIMS) {
      const token = await forge({ gca }, guest.guestId, "hearth:guest-refresh", claim);
      await expectInvalid(tokens.verifyGuestRefreshToken(token));
    }
  });

  it("round-trips a guest refresh token", async () => {
    const guest = newGuest();
    const token = await tokens.signGuestRefreshToken(guest);
    expect(isGuestRefreshToken(token)).toBe(true);
    expect(await tokens.verifyGuestRefreshToken(token)).toEqual(guest);
    const access = await tokens.signAccessToken({ kind: "guest", ...guest });
    await expectInvalid(tokens.verifyGuestRefreshToken(access));
  });
});
