import { randomUUID } from "node:crypto";
import { ACCOUNT_SECURITY_MESSAGES, TIMINGS } from "@hearth/contracts";
import { DEFAULT_LOGIN_FAILURES_MAX } from "../../config";
import type { Database } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError, invalidAccount, invalidToken } from "../../http/errors";
import type { Guest, SessionSubject } from "../../kernel/auth-context";
import {
  findUserByEmail,
  findUserById,
  findUserForUpdate,
  isActiveUser,
  markSessionsRevoked,
} from "../users/index";
import {
  clearLoginAttempts,
  LoginThrottledError,
  pruneLoginThrottles,
  recordLoginAttempt,
} from "./login-throttle";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords";
import { hasPassword, reauthenticate } from "./reauthenticate";
import {
  findLiveRefreshTokenFamilies,
  findRefreshTokenByHash,
  findRefreshTokenForUpdate,
  insertRefreshToken,
  isRefreshTokenFamilyRevoked,
  lockRefreshTokenFamily,
  markRefreshTokenUsed,
  revokeRefreshTokenFamily,
} from "./refresh-token-repository";
import {
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
  subject: SessionSubject;
};

export type AuthService = ReturnType<typeof createAuthService>;

export type AuthPolicy = {
  /** Failed sign-ins per account (email) in LOGIN_THROTTLE_WINDOW_SECONDS before sign-in answers 429. */
  loginFailuresMax: number;
};

/** The outcome of a rotation transaction; a refusal is thrown only after its revocation is committed. */
type Rotation =
  | { ok: true; user: UserRow; tokens: { accessToken: string; refreshToken: string } }
  | { ok: false; error: AppError };

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

  async function memberSession(user: UserRow): Promise<Session> {
    const [accessToken, refreshToken] = await Promise.all([
      tokens.signAccessToken({ kind: "member", userId: user.id }),
      issueRefreshToken(db, user.id),
    ]);
    return { accessToken, refreshToken, subject: { kind: "member", user } };
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
      // A disabled or removed account answers invalid_account whatever the token's state: an earlier
      // refresh of the same family (another tab, a request still in flight from the page being left) has
      // already revoked the family for that reason, and this one must still say why.
      const user = await findUserById(tx, row.userId);
      if (!isActiveUser(user)) return revoke(invalidAccount());
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
      // Both tokens are made while the family is locked: ending every session (below) takes this lock
      // before it records its moment, so an access token a rotation issues is always older than that.
      const [refreshToken, accessToken] = await Promise.all([
        issueRefreshToken(tx, user.id, row.familyId),
        tokens.signAccessToken({ kind: "member", userId: user.id }),
      ]);
      return { ok: true, user, tokens: { accessToken, refreshToken } };
    });
    if (!rotation.ok) throw rotation.error;
    return { ...rotation.tokens, subject: { kind: "member", user: rotation.user } };
  }

  /**
   * Ends every session of the member, in a transaction holding the member's row lock (`FOR NO KEY UPDATE`:
   * a rotation inserting its token into a family does not wait for it, so waiting for that family's lock
   * here cannot deadlock): revokes each live refresh token family under its lock, then records the
   * moment, which makes the guard refuse every access token issued before it. Answers the updated row.
   */
  async function endAllSessions(tx: Database, userId: string, passwordHash?: string): Promise<UserRow> {
    for (const familyId of await findLiveRefreshTokenFamilies(tx, userId)) {
      await lockRefreshTokenFamily(tx, familyId);
      await revokeRefreshTokenFamily(tx, familyId);
    }
    return markSessionsRevoked(tx, userId, new Date(), passwordHash);
  }

  return {
    /** A session for a member who just signed up or signed in another way (partner token). */
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

    /** Sign out everywhere: every refresh token family and every access token of the member stop working. */
    async logoutEverywhere(user: UserRow): Promise<void> {
      await db.transaction(async (tx) => {
        await findUserForUpdate(tx, user.id);
        await endAllSessions(tx, user.id);
      });
    },

    /**
     * Replaces the password after checking the current one (counted like a sign-in), ends every session
     * of the member, and answers a fresh one for the tab that asked.
     */
    async changePassword(user: UserRow, currentPassword: string, newPassword: string): Promise<Session> {
      if (!hasPassword(user)) throw new AppError(409, "no_password");
      if (!(await reauthenticate(db, user, currentPassword, policy.loginFailuresMax))) {
        throw wrongCurrentPassword();
      }
      const passwordHash = await hashPassword(newPassword);
      const changed = await db.transaction(async (tx) => {
        const locked = await findUserForUpdate(tx, user.id);
        // Changed by another request since this one read it: the password checked is no longer current.
        if (!isActiveUser(locked) || locked.passwordHash !== user.passwordHash) return null;
        return endAllSessions(tx, user.id, passwordHash);
      });
      if (!changed) throw wrongCurrentPassword();
      // Issued after the revocation committed, so its access token is not older than the recorded moment.
      return memberSession(changed);
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

function wrongCurrentPassword(): AppError {
  const message = ACCOUNT_SECURITY_MESSAGES.currentPasswordWrong;
  return new AppError(400, "validation_error", message, { current_password: message });
}
