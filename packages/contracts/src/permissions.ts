import { z } from "zod";
import type { Role } from "./roles";

/** Every permission string the specs name. Restrictions are granted per user, never by role. */
export const PERMISSIONS = [
  "site_access",
  "view_chat",
  "view_my_chat_bots",
  "create_character",
  "report_character",
  "delete_character",
  "generation_settings",
  "conversation_images",
  "conversation_images_v2",
  "image_training",
  "3k_context",
  "4k_context",
  "8k_context",
  "memory_manager",
  "conversation_memory_auto",
  "skip_waiting_room",
  "display_ads",
  "text-to-speech",
  "limited_access",
  "temporary_restriction",
  "complete_restriction",
] as const;
export const permissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permissionSchema>;

/** Per-user account restrictions an admin can set; each adds the permission of the same name. */
export const RESTRICTIONS = ["limited_access", "temporary_restriction", "complete_restriction"] as const;
export const restrictionSchema = z.enum(RESTRICTIONS);
export type Restriction = z.infer<typeof restrictionSchema>;

const GUEST: Permission[] = ["site_access", "view_chat", "display_ads"];
const FREE: Permission[] = [
  ...GUEST,
  "view_my_chat_bots",
  "create_character",
  "report_character",
  "delete_character",
];
const MEMBER_BASE = FREE.filter((p) => p !== "display_ads");
/** Get a Taste: no ads, skips the waiting room, a little more context, manual memories. */
const MINIMAL: Permission[] = [...MEMBER_BASE, "skip_waiting_room", "3k_context", "memory_manager"];
/** True Supporter: generation sliders and images (subscriptions spec 6: "True Supporter or above"). */
const BASIC: Permission[] = [
  ...MINIMAL.filter((p) => p !== "3k_context"),
  "4k_context",
  "generation_settings",
  "conversation_images",
  "conversation_memory_auto",
];
/** I'm All In: largest context, image v2 and training, voice (voice needs the premium role). */
const PREMIUM: Permission[] = [
  ...BASIC.filter((p) => p !== "4k_context"),
  "8k_context",
  "conversation_images_v2",
  "image_training",
  "text-to-speech",
];

/** The one table deriving permissions from a role. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  guest: GUEST,
  free: FREE,
  minimal: MINIMAL,
  basic: BASIC,
  premium: PREMIUM,
  admin: PREMIUM,
};

/** Permissions never shown as 'Your Benefits' chips. */
export const HIDDEN_BENEFIT_PERMISSIONS: readonly Permission[] = [
  "site_access",
  "display_ads",
  "limited_access",
  "temporary_restriction",
  "complete_restriction",
];

export const USER_STATUSES = ["active", "limited", "restricted"] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** What a limited_access account keeps: it can still visit the site but no gated page or feature. */
const LIMITED_KEEPS: readonly Permission[] = ["site_access", "display_ads"];

/**
 * A user's permissions: the role's, plus the restriction's own permission. limited_access also takes
 * away every gated permission, so guarded routes show the ban notice (account spec 2.4 and 4).
 */
export function permissionsFor(role: Role, restriction: Restriction | null): Permission[] {
  const base = ROLE_PERMISSIONS[role];
  if (!restriction) return [...base];
  const kept = restriction === "limited_access" ? base.filter((p) => LIMITED_KEEPS.includes(p)) : base;
  return [...kept, restriction];
}

/** Status is derived from permissions (account spec, section 3). */
export function statusFromPermissions(permissions: readonly Permission[]): UserStatus {
  if (permissions.includes("complete_restriction") || permissions.includes("temporary_restriction")) {
    return "restricted";
  }
  return permissions.includes("limited_access") ? "limited" : "active";
}
