import type { UserRow } from "../db/schema";
import { forbidden, unauthenticated } from "../http/errors";

/** A guest: no account, known by the id and creation time its tokens carry. */
export type Guest = { guestId: string; createdAt: string };

/** Who is making a request, resolved from the bearer token by the auth guards. */
export type AuthContext =
  | { kind: "anonymous" }
  | ({ kind: "guest" } & Guest)
  | { kind: "member"; user: UserRow };

/** Someone with a session: a guest or a member (what a session answers `Me` for). */
export type SessionSubject = Exclude<AuthContext, { kind: "anonymous" }>;

export const ANONYMOUS: AuthContext = { kind: "anonymous" };

/**
 * The signed-in member, for the routes whose declared access already requires one (`MEMBER` or an
 * `access(MEMBER, ...)`): the one way a route asks "who is the member". The guard refuses everyone else
 * before the handler runs; should it be called without a member anyway, it refuses as the guard would
 * (401 without a session, 403 for a guest).
 */
export function requireMember(auth: AuthContext): UserRow {
  if (auth.kind === "member") return auth.user;
  throw auth.kind === "anonymous" ? unauthenticated() : forbidden();
}

/** The signed-in member, or null for guests and anonymous visitors: for routes open to visitors too. */
export function optionalMember(auth: AuthContext): UserRow | null {
  return auth.kind === "member" ? auth.user : null;
}

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext;
  }
}

/** One key per session (a member's or a guest's), for state kept about them outside the database; null when anonymous. */
export function sessionKeyOf(auth: AuthContext): string | null {
  if (auth.kind === "member") return `member:${auth.user.id}`;
  if (auth.kind === "guest") return `guest:${auth.guestId}`;
  return null;
}
