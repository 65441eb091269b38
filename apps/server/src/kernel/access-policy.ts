import { type Permission, permissionsFor, type Restriction } from "@hearth/contracts";
import type { UserRow } from "../db/schema";
import type { AuthContext } from "./auth-context";
import type { RouteAccess } from "./route-access";

const GUEST_PERMISSIONS = permissionsFor("guest", null);

type RestrictionFacts = Pick<UserRow, "restriction" | "restrictionEndsAt">;

/**
 * The restriction in force at `now`, the one way every reader (route access, permissions, `Me`, the admin
 * pages) reads users.restriction: a temporary restriction stops applying once restriction_ends_at has
 * passed, decided at read time (no timer clears the row). One without an end stays until it is lifted.
 */
export function effectiveRestriction(user: RestrictionFacts, now: Date = new Date()): Restriction | null {
  if (
    user.restriction === "temporary_restriction" &&
    user.restrictionEndsAt !== null &&
    user.restrictionEndsAt.getTime() <= now.getTime()
  ) {
    return null;
  }
  return user.restriction;
}

/** When the restriction in force ends: a temporary one's end, else null. */
export function restrictionEndOf(user: RestrictionFacts, now: Date = new Date()): Date | null {
  return effectiveRestriction(user, now) === "temporary_restriction" ? user.restrictionEndsAt : null;
}

/** A member's permissions: their role's, with the restriction in force (see effectiveRestriction). */
export function memberPermissions(user: Pick<UserRow, "role"> & RestrictionFacts): Permission[] {
  return permissionsFor(user.role, effectiveRestriction(user));
}

/** Anonymous visitors and guests share the guest permission set; members get their role's and restriction's. */
export function permissionsOf(auth: AuthContext): readonly Permission[] {
  return auth.kind === "member" ? memberPermissions(auth.user) : GUEST_PERMISSIONS;
}

export function hasPermission(auth: AuthContext, permission: Permission): boolean {
  return permissionsOf(auth).includes(permission);
}

export function isAdmin(auth: AuthContext): boolean {
  return auth.kind === "member" && auth.user.role === "admin";
}

export type RouteRefusal = "unauthenticated" | "forbidden" | "restricted";

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether `auth` may call a route declaring `access` with `method`: null when it may, otherwise why not.
 * The only place restrictions are decided for the API (account spec 2.4 and 6): complete and temporary
 * restrictions lock the account out of everything but its session and its own account; limited_access
 * keeps site access, so it may read what its permissions allow but write nothing.
 */
export function routeRefusal(auth: AuthContext, access: RouteAccess, method: string): RouteRefusal | null {
  if (access.actor === "public") return null;
  if (auth.kind === "anonymous" && access.actor !== "visitor") return "unauthenticated";
  if (access.actor === "member" && auth.kind !== "member") return "forbidden";
  if (access.actor === "admin" && !isAdmin(auth)) return "forbidden";
  const restriction = auth.kind === "member" ? effectiveRestriction(auth.user) : null;
  if (restriction && access.restricted !== "allowed") {
    const readOnly = restriction === "limited_access";
    if (!readOnly || !READ_METHODS.has(method)) return "restricted";
  }
  if (access.permission && !hasPermission(auth, access.permission)) {
    // Anonymous visitors hold the guest permissions; lacking one, signing in may help, hence 401.
    return auth.kind === "anonymous" ? "unauthenticated" : "forbidden";
  }
  return null;
}
