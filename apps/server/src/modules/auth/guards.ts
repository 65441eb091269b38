import type { Permission } from "@hearth/contracts";
import type { FastifyRequest } from "fastify";
import type { Database } from "../../db/client";
import { forbidden, invalidAccount, invalidToken, unauthenticated } from "../../http/errors";
import { findUserById, isActiveUser } from "../users/repository";
import { ANONYMOUS, type AuthContext } from "./context";
import { hasPermission } from "./policy";
import type { TokenService } from "./tokens";

export type AuthGuard = (request: FastifyRequest) => Promise<void>;

/** Route `preValidation` hooks: after the rate limit (an onRequest hook), before schema validation. */
export type AuthGuards = {
  /** Sets `request.auth`; anonymous without a token, 401 for a bad token or an account that is gone. */
  resolveAuth: AuthGuard;
  requireAuth: AuthGuard;
  requireMember: AuthGuard;
  requirePermission(permission: Permission): AuthGuard;
  requirePolicy(allowed: (auth: AuthContext) => boolean): AuthGuard;
};

const BEARER = /^Bearer\s+(\S+)$/i;

export function createAuthGuards(db: Database, tokens: TokenService): AuthGuards {
  async function authenticate(request: FastifyRequest): Promise<AuthContext> {
    const header = request.headers.authorization;
    if (!header) return ANONYMOUS;
    const token = BEARER.exec(header)?.[1];
    if (!token) throw invalidToken();
    const identity = await tokens.verifyAccessToken(token);
    if (identity.kind === "guest") return identity;
    // Loaded on every request so that role, restriction and disabling take effect at once.
    const user = await findUserById(db, identity.userId);
    if (!isActiveUser(user)) throw invalidAccount();
    return { kind: "member", user };
  }

  const resolveAuth: AuthGuard = async (request) => {
    request.auth = await authenticate(request);
  };

  const requireAuth: AuthGuard = async (request) => {
    await resolveAuth(request);
    if (request.auth.kind === "anonymous") throw unauthenticated();
  };

  const requirePolicy =
    (allowed: (auth: AuthContext) => boolean): AuthGuard =>
    async (request) => {
      await requireAuth(request);
      if (!allowed(request.auth)) throw forbidden();
    };

  return {
    resolveAuth,
    requireAuth,
    requireMember: requirePolicy((auth) => auth.kind === "member"),
    // Anonymous visitors hold the guest permissions; lacking one, signing in may help, hence 401.
    requirePermission: (permission) => async (request) => {
      await resolveAuth(request);
      if (hasPermission(request.auth, permission)) return;
      throw request.auth.kind === "anonymous" ? unauthenticated() : forbidden();
    },
    requirePolicy,
  };
}
