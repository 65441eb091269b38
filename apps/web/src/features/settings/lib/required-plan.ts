import { PAID_ROLES, type Permission, ROLE_DISPLAY_NAMES, ROLE_PERMISSIONS } from "@hearth/contracts";

/** The cheapest plan that grants a permission, for "Requires {plan}" on locked models. */
export function requiredPlanFor(permission: Permission | null): string | null {
  if (!permission) return null;
  if (ROLE_PERMISSIONS.free.includes(permission)) return ROLE_DISPLAY_NAMES.free;
  const role = PAID_ROLES.find((r) => ROLE_PERMISSIONS[r].includes(permission));
  return role ? ROLE_DISPLAY_NAMES[role] : null;
}
