import { createHash, createSecretKey, randomBytes, randomUUID } from "node:crypto";
import { TIMINGS } from "@hearth/contracts";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import { invalidToken } from "../../http/errors";
import type { Guest } from "../../kernel/auth-context";

const ISSUER = "hearth";
const ACCESS_AUDIENCE = "hearth:access";
const GUEST_REFRESH_AUDIENCE = "hearth:guest-refresh";
const GUEST_ID_PATTERN = /^guest_[a-f0-9]{24}$/;
/** Every token this service signs carries all of them; one missing is refused even with a good signature. */
const REQUIRED_CLAIMS = ["exp", "iat", "sub", "jti", "iss", "aud"];

export type AccessIdentity = { kind: "member"; userId: string } | ({ kind: "guest" } & Guest);
/**
 * A verified access token: the identity, and `iat`, when it was issued (seconds since the epoch, with
 * milliseconds: a token issued just after "sign out everywhere" must be told from one issued just before).
 */
export type VerifiedAccess = AccessIdentity & { iat: number };

const accessClaimsSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("member"), sub: z.uuid(), iat: z.number(), exp: z.number() }),
  z.object({
    kind: z.literal("guest"),
    sub: z.string().regex(GUEST_ID_PATTERN),
    gca: z.number().int(),
    iat: z.number(),
    exp: z.number(),
  }),
]);

/** Access tokens whose signature was checked, kept until they expire (the most recent ones). */
const VERIFIED_TOKENS_MAX = 50_000;
const guestRefreshClaimsSchema = z.object({ sub: z.string().regex(GUEST_ID_PATTERN), gca: z.number().int() });

export type TokenService = ReturnType<typeof createTokenService>;

/** Signs and verifies the HS256 JWTs: access tokens for everyone, and the stateless guest refresh token. */
export function createTokenService(secret: string) {
  // A KeyObject made once: with raw bytes, jose imports the key into WebCrypto on every call (~0.5 ms).
  const key = createSecretKey(Buffer.from(secret, "utf8"));
  const verified = new Map<string, { access: VerifiedAccess; expiresAt: number }>();

  async function sign(
    claims: Record<string, string | number>,
    audience: string,
    ttlSeconds: number,
    sub: string,
  ) {
    return (
      new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setJti(randomUUID())
        // Milliseconds kept (a NumericDate may be fractional), so revocations take effect to the millisecond.
        .setIssuedAt(Date.now() / 1000)
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key)
    );
  }

  async function verify<T>(token: string, audience: string, schema: z.ZodType<T>): Promise<T> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ["HS256"],
        issuer: ISSUER,
        audience,
        // Without these a token signed with the secret would never expire or could not be told apart.
        requiredClaims: REQUIRED_CLAIMS,
      });
      const parsed = schema.safeParse(payload);
      if (!parsed.success) throw invalidToken();
      return parsed.data;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw invalidToken();
      throw error;
    }
  }

  return {
    signAccessToken(identity: AccessIdentity): Promise<string> {
      const ttl = TIMINGS.accessTokenTtlSeconds;
      return identity.kind === "member"
        ? sign({ kind: "member" }, ACCESS_AUDIENCE, ttl, identity.userId)
        : sign({ kind: "guest", gca: toEpoch(identity.createdAt) }, ACCESS_AUDIENCE, ttl, identity.guestId);
    },

    /**
     * A token's signature and claims never change, so each is checked once and remembered until it expires
     * (a signature check runs on the thread pool and costs more than the rest of a short request). What a
     * token may do is still decided on every request: the member's row is read (guards.ts).
     */
    async verifyAccessToken(token: string): Promise<VerifiedAccess> {
      const known = verified.get(token);
      if (known && known.expiresAt > Date.now()) return known.access;
      verified.delete(token);
      const claims = await verify(token, ACCESS_AUDIENCE, accessClaimsSchema);
      const access: VerifiedAccess =
        claims.kind === "member"
          ? { kind: "member", userId: claims.sub, iat: claims.iat }
          : { kind: "guest", guestId: claims.sub, createdAt: fromEpoch(claims.gca), iat: claims.iat };
      if (verified.size >= VERIFIED_TOKENS_MAX) {
        const oldest = verified.keys().next();
        if (!oldest.done) verified.delete(oldest.value);
      }
      verified.set(token, { access, expiresAt: claims.exp * 1000 });
      return access;
    },

    signGuestRefreshToken(guest: Guest): Promise<string> {
      const claims = { gca: toEpoch(guest.createdAt) };
      return sign(claims, GUEST_REFRESH_AUDIENCE, TIMINGS.refreshTokenTtlSeconds, guest.guestId);
    },

    async verifyGuestRefreshToken(token: string): Promise<Guest> {
      const claims = await verify(token, GUEST_REFRESH_AUDIENCE, guestRefreshClaimsSchema);
      return { guestId: claims.sub, createdAt: fromEpoch(claims.gca) };
    },
  };
}

export function newGuest(): Guest {
  // Whole seconds, as the tokens carry it, so the guest's created_at never changes across refreshes.
  const createdAt = fromEpoch(Math.floor(Date.now() / 1000));
  return { guestId: `guest_${randomBytes(12).toString("hex")}`, createdAt };
}

/** Guest refresh tokens are JWTs (three dot-separated parts); member ones are opaque random strings. */
export function isGuestRefreshToken(token: string): boolean {
  return token.split(".").length === 3;
}

export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

const toEpoch = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** Whether a token issued at `iat` (seconds, fractional) predates `moment`, compared to the millisecond. */
export function issuedBefore(iat: number, moment: Date): boolean {
  return Math.round(iat * 1000) < moment.getTime();
}
const fromEpoch = (seconds: number) => new Date(seconds * 1000).toISOString();
