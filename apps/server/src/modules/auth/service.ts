import { randomUUID } from "node:crypto";
import { TIMINGS } from "@hearth/contracts";
import type { Database } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError, invalidAccount, invalidToken } from "../../http/errors";
import { createDefaultPersona } from "../personas/service";
import { findUserByEmail, findUserById, insertMember, isActiveUser } from "../users/repository";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords";
import {
  claimRefreshToken,
  findRefreshTokenByHash,
  insertRefreshToken,
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

export function createAuthService(db: Database, tokens: TokenService) {
  async function memberSession(user: UserRow, familyId: string = randomUUID()): Promise<Session> {
    const refresh = newRefreshToken();
    await insertRefreshToken(db, {
      userId: user.id,
      familyId,
      tokenHash: refresh.hash,
      expiresAt: new Date(Date.now() + TIMINGS.refreshTokenTtlSeconds * 1000),
    });
    const accessToken = await tokens.signAccessToken({ kind: "member", userId: user.id });
    return { accessToken, refreshToken: refresh.token, subject: { kind: "member", user } };
  }

  async function guestSession(guest: Guest): Promise<Session> {
    const [accessToken, refreshToken] = await Promise.all([
      tokens.signAccessToken({ kind: "guest", ...guest }),
      tokens.signGuestRefreshToken(guest),
    ]);
    return { accessToken, refreshToken, subject: { kind: "guest", ...guest } };
  }

  async function refreshMember(token: string): Promise<Session> {
    const row = await findRefreshTokenByHash(db, hashRefreshToken(token));
    if (!row) throw invalidToken();
    // A used or revoked token coming back means it was copied: end every session of that family.
    if (row.usedAt || row.revokedAt) {
      await revokeRefreshTokenFamily(db, row.familyId);
      throw invalidToken();
    }
    if (row.expiresAt.getTime() <= Date.now()) throw invalidToken();
    if (!(await claimRefreshToken(db, row.id))) {
      await revokeRefreshTokenFamily(db, row.familyId);
      throw invalidToken();
    }
    const user = await findUserById(db, row.userId);
    if (!isActiveUser(user)) {
      await revokeRefreshTokenFamily(db, row.familyId);
      throw invalidAccount();
    }
    return memberSession(user, row.familyId);
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
      const user = await findUserByEmail(db, email);
      const valid = user?.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!user || !valid) throw new AppError(401, "invalid_credentials");
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
      if (row) await revokeRefreshTokenFamily(db, row.familyId);
    },
  };
}

function emailTaken(): AppError {
  return new AppError(409, "email_taken", undefined, { email: "An account with this email already exists." });
}
