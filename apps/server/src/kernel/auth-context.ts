import type { UserRow } from "../../db/schema";
import type { Guest } from "./tokens";

/** Who is making a request, resolved from the bearer token by the auth guards. */
export type AuthContext =
  | { kind: "anonymous" }
  | ({ kind: "guest" } & Guest)
  | { kind: "member"; user: UserRow };

export const ANONYMOUS: AuthContext = { kind: "anonymous" };

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext;
  }
}
