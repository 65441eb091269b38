import type { Permission } from "@hearth/contracts";

/**
 * What every API route declares in `config.access`; one hook (`http/route-access-hooks.ts`, through the
 * auth module's guards) decides from it with `routeRefusal` (`access-policy.ts`):
 *
 * - `actor`: `public` (no token read: health, config, sign-in), `visitor` (a token is optional),
 *   `session` (a guest or a member), `member`, `admin`.
 * - `permission`: a permission the caller must hold (anonymous visitors hold the guest set).
 * - `restricted: "allowed"`: a restricted account may still call it (its session, its own account and
 *   removal). Otherwise complete and temporary restrictions refuse every route, and limited_access
 *   refuses every write (its permissions already lack every gated feature).
 * - `owner`: the route acts on a subject that only its owner may see or change (another member is
 *   refused by the service with 403 or 404); the route matrix test checks it. `"or_admin"`: admins may
 *   too (the module's policy lets them administer any subject, e.g. edit any character).
 */
export type RouteAccess = {
  actor: "public" | "visitor" | "session" | "member" | "admin";
  permission?: Permission;
  restricted?: "allowed";
  owner?: true | "or_admin";
};

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export const PUBLIC: RouteAccess = { actor: "public" };
export const VISITOR: RouteAccess = { actor: "visitor" };
export const SESSION: RouteAccess = { actor: "session" };
export const MEMBER: RouteAccess = { actor: "member" };
export const ADMIN: RouteAccess = { actor: "admin" };

/** Adds to a base declaration: `access(MEMBER, { owner: true })`. */
export const access = (base: RouteAccess, extra: Partial<RouteAccess>): RouteAccess => ({
  ...base,
  ...extra,
});
