import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { AppError } from "../../http/errors";
import {
  createTokenService,
  hashRefreshToken,
  isGuestRefreshToken,
  newGuest,
  newRefreshToken,
} from "./tokens";

const SECRET = "s".repeat(40);
const tokens = createTokenService(SECRET);
const USER_ID = "0b6f3f5e-2f7c-4a37-9b7e-0c2f4d1e9a11";

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
    expect(member).toEqual({ kind: "member", userId: USER_ID });
    const guest = newGuest();
    const verified = await tokens.verifyAccessToken(
      await tokens.signAccessToken({ kind: "guest", ...guest }),
    );
    expect(verified).toEqual({ kind: "guest", ...guest });
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

  it("rejects the unsigned algorithm and a guest refresh token used as an access token", async () => {
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(
      JSON.stringify({ kind: "member", sub: USER_ID, iss: "hearth", aud: "hearth:access" }),
    ).toString("base64url")}.`;
    await expectInvalid(tokens.verifyAccessToken(none));
    const guestRefresh = await tokens.signGuestRefreshToken(newGuest());
    await expectInvalid(tokens.verifyAccessToken(guestRefresh));
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

  it("round-trips a guest refresh token", async () => {
    const guest = newGuest();
    const token = await tokens.signGuestRefreshToken(guest);
    expect(isGuestRefreshToken(token)).toBe(true);
    expect(await tokens.verifyGuestRefreshToken(token)).toEqual(guest);
    const access = await tokens.signAccessToken({ kind: "guest", ...guest });
    await expectInvalid(tokens.verifyGuestRefreshToken(access));
  });
});
