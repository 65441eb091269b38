import type { UserRow } from "../db/schema";

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

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext;
  }
}
