import { type Permission, permissionsFor } from "@hearth/contracts";
import type { AuthContext } from "./context";

const GUEST_PERMISSIONS = permissionsFor("guest", null);

/** Anonymous visitors and guests share the guest permission set; members get their role's and restriction's. */
export function permissionsOf(auth: AuthContext): readonly Permission[] {
  return auth.kind === "member" ? permissionsFor(auth.user.role, auth.user.restriction) : GUEST_PERMISSIONS;
}

export function hasPermission(auth: AuthContext, permission: Permission): boolean {
  return permissionsOf(auth).includes(permission);
}

export function isAdmin(auth: AuthContext): boolean {
  return auth.kind === "member" && auth.user.role === "admin";
}
