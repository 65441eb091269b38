import { randomUUID } from "node:crypto";
import { TIMINGS } from "@hearth/contracts";
import { DEFAULT_LOGIN_FAILURES_MAX } from "../../config";
import type { Database } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError, invalidAccount, invalidToken } from "../../http/errors";
import { createDefaultPersona } from "../personas/service";
import { findUserByEmail, findUserById, insertMember, isActiveUser } from "../users/repository";
import {
  clearLoginAttempts,
  LoginThrottledError,
  pruneLoginThrottles,
  recordLoginAttempt,
} from "./login-throttle";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords";
import {
  findRefreshTokenByHash,
  findRefreshTokenForUpdate,
  insertRefreshToken,
  isRefreshTokenFamilyRevoked,
  lockRefreshTokenFamily,
  markRefreshTokenUsed,
  revokeRefreshTokenFamily,
} from "./refresh-token-repository";
import {
  type Guest,
  hashRefreshToken,
  isGuestRefreshToken,
  newGuest,
  newRefreshToken,
  type TokenService,
} from "./tokens";

/** A signed-in session: the access token for the body, the refresh token for the cookie. */
export type Session = {
  accessToken: string;
  refreshToken: string;
  subject: { kind: "member"; user: UserRow } | ({ kind: "guest" } & Guest);
};

export type AuthService = ReturnType<typeof createAuthService>;

export type AuthPolicy = {
  /** Failed sign-ins per account (email) in LOGIN_THROTTLE_WINDOW_SECONDS before sign-in answers 429. */
  loginFailuresMax: number;
};

/** The outcome of a rotation transaction; a refusal is thrown only after its revocation is committed. */
type Rotation = { ok: true; user: UserRow; refreshToken: string } | { ok: false; error: AppError };

export function createAuthService(
  db: Database,
  tokens: TokenService,
  policy: AuthPolicy = { loginFailuresMax: DEFAULT_LOGIN_FAILURES_MAX },
) {
  /** Stores a new refresh token of `familyId` (a new family by default) and answers the token. */
  async function issueRefreshToken(
    tx: Database,
    userId: string,
    familyId: string = randomUUID(),
  ): Promise<string> {
    const refresh = newRefreshToken();
    await insertRefreshToken(tx, {
      userId,
      familyId,
      tokenHash: refresh.hash,
      expiresAt: new Date(Date.now() + TIMINGS.refreshTokenTtlSeconds * 1000),
    });
    return refresh.token;
  }

  async function memberSession(user: UserRow, refreshToken?: string): Promise<Session> {
    const [accessToken, refresh] = await Promise.all([
      tokens.signAccessToken({ kind: "member", userId: user.id }),
      refreshToken ?? issueRefreshToken(db, user.id),
    ]);
    return { accessToken, refreshToken: refresh, subject: { kind: "member", user } };
  }

  async function guestSession(guest: Guest): Promise<Session> {
    const [accessToken, refreshToken] = await Promise.all([
      tokens.signAccessToken({ kind: "guest", ...guest }),
      tokens.signGuestRefreshToken(guest),
    ]);
    return { accessToken, refreshToken, subject: { kind: "guest", ...guest } };
  }

  /**
   * Rotates a member's refresh token in one transaction holding its family's lock and its row's lock:
   * concurrent refreshes, a reuse and a logout of one family take turns, so none of them can revoke a
   * token another just issued without seeing it, or issue one into a family another just revoked.
   */
  async function refreshMember(token: string): Promise<Session> {
    const found = await findRefreshTokenByHash(db, hashRefreshToken(token));
    if (!found) throw invalidToken();
    const rotation = await db.transaction(async (tx): Promise<Rotation> => {
      await lockRefreshTokenFamily(tx, found.familyId);
      const row = await findRefreshTokenForUpdate(tx, found.id);
      if (!row) return { ok: false, error: invalidToken() };
      const revoke = async (error: AppError): Promise<Rotation> => {
        await revokeRefreshTokenFamily(tx, row.familyId);
        return { ok: false, error };
      };
      const now = Date.now();
      // A revoked family stays revoked: nothing new is ever issued into it.
      if (row.revokedAt || (await isRefreshTokenFamilyRevoked(tx, row.familyId))) {
        return revoke(invalidToken());
      }
      // Used a while ago and back again: it was copied. End every session of the family.
      if (row.usedAt && now - row.usedAt.getTime() > TIMINGS.refreshReuseGraceSeconds * 1000) {
        return revoke(invalidToken());
      }
      if (row.expiresAt.getTime() <= now) return { ok: false, error: invalidToken() };
      // Used moments ago: another tab refreshed with the same cookie. It gets a token of its own; the
      // first use time stays, so the window is not extended.
      if (!row.usedAt) await markRefreshTokenUsed(tx, row.id, new Date(now));
      const user = await findUserById(tx, row.userId);
      if (!isActiveUser(user)) return revoke(invalidAccount());
      return { ok: true, user, refreshToken: await issueRefreshToken(tx, user.id, row.familyId) };
    });
    if (!rotation.ok) throw rotation.error;
    return memberSession(rotation.user, rotation.refreshToken);
  }

  return {
    async signup(email: string, password: string): Promise<Session> {
      if (await findUserByEmail(db, email)) throw emailTaken();
      const passwordHash = await hashPassword(password);
      // The account and its default persona are created together or not at all.
      const user = await db.transaction(async (tx) => {
        const member = await insertMember(tx, email, passwordHash);
        if (member) await createDefaultPersona(tx, member);
        return member;
      });
      if (!user) throw emailTaken();
      return memberSession(user);
    },

    /** A session for a member signed in another way (partner token, external sign-up). */
    startSession(user: UserRow): Promise<Session> {
      return memberSession(user);
    },

    async login(email: string, password: string): Promise<Session> {
      // Counted per address (the route's rate limit) and per account here, whatever the address.
      const attempt = await recordLoginAttempt(db, email, policy.loginFailuresMax);
      if (!attempt.allowed) throw new LoginThrottledError(attempt.retryAfterSeconds);
      const user = await findUserByEmail(db, email);
      const valid = user?.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!user || !valid) {
        if (attempt.newWindow) await pruneLoginThrottles(db);
        throw new AppError(401, "invalid_credentials");
      }
      await clearLoginAttempts(db, email);
      if (!isActiveUser(user)) throw invalidAccount();
      return memberSession(user);
    },

    createGuest(): Promise<Session> {
      return guestSession(newGuest());
    },

    async refresh(token: string): Promise<Session> {
      if (isGuestRefreshToken(token)) return guestSession(await tokens.verifyGuestRefreshToken(token));
      return refreshMember(token);
    },

    /** Ends the cookie's session family; quietly does nothing for guests and unknown tokens. */
    async logout(token: string): Promise<void> {
      if (isGuestRefreshToken(token)) return;
      const row = await findRefreshTokenByHash(db, hashRefreshToken(token));
      if (!row) return;
      await db.transaction(async (tx) => {
        await lockRefreshTokenFamily(tx, row.familyId);
        await revokeRefreshTokenFamily(tx, row.familyId);
      });
    },
  };
}

function emailTaken(): AppError {
  return new AppError(409, "email_taken", undefined, { email: "An account with this email already exists." });
}
