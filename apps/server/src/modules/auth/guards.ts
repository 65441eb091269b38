import type { FastifyRequest } from "fastify";
import { AppError, forbidden, invalidAccount, invalidToken, unauthenticated } from "../../http/errors";
import { effectiveRestriction, type RouteRefusal, routeRefusal } from "../../kernel/access-policy";
import { ANONYMOUS, type AuthContext } from "../../kernel/auth-context";
import type { RouteAccess } from "../../kernel/route-access";
import { isActiveUser, type MemberCache } from "../users/index";
import { issuedBefore, type TokenService } from "./tokens";

/** Authenticates and authorizes a request against its route's declared access; see `kernel/route-access.ts`. */
export type AuthGuards = {
  authorize(request: FastifyRequest, access: RouteAccess): Promise<void>;
};

const BEARER = /^Bearer\s+(\S+)$/i;

export function createAuthGuards(members: Pick<MemberCache, "find">, tokens: TokenService): AuthGuards {
  /**
   * Anonymous without a token; 401 for a bad token, an account that is gone, or a token issued before the
   * member ended every session (sign out everywhere, password change).
   */
  async function authenticate(request: FastifyRequest): Promise<AuthContext> {
    const header = request.headers.authorization;
    if (!header) return ANONYMOUS;
    const token = BEARER.exec(header)?.[1];
    if (!token) throw invalidToken();
    const identity = await tokens.verifyAccessToken(token);
    if (identity.kind === "guest") {
      return { kind: "guest", guestId: identity.guestId, createdAt: identity.createdAt };
    }
    // Read on every request so that role, restriction, disabling and revoked sessions take effect at once
    // (from the member cache, which forgets a row when the database announces its change).
    const user = await members.find(identity.userId);
    if (!isActiveUser(user)) throw invalidAccount();
    if (user.sessionsRevokedAt && issuedBefore(identity.iat, user.sessionsRevokedAt)) throw invalidToken();
    return { kind: "member", user };
  }

  return {
    async authorize(request, access) {
      if (access.actor === "public") return;
      request.auth = await authenticate(request);
      const refusal = routeRefusal(request.auth, access, request.method);
      if (refusal) throw refusalError(refusal, request.auth);
    },
  };
}

function refusalError(refusal: RouteRefusal, auth: AuthContext): AppError {
  if (refusal === "unauthenticated") return unauthenticated();
  if (refusal === "forbidden") return forbidden();
  const limited = auth.kind === "member" && effectiveRestriction(auth.user) === "limited_access";
  return new AppError(403, limited ? "account_limited" : "account_restricted");
}
