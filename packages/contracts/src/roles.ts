import { z } from "zod";

/** Account roles. `guest` is a generated identity with nothing saved; `admin` reviews reports. */
export const ROLES = ["guest", "free", "minimal", "basic", "premium", "admin"] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Paid tiers in ascending order (subscriptions spec, section 1). */
export const PAID_ROLES = ["minimal", "basic", "premium"] as const satisfies readonly Role[];

/** Displayed tier names from the spec's tier table. */
export const ROLE_DISPLAY_NAMES: Record<Role, string> = {
  guest: "Guest",
  free: "Free",
  minimal: "Get a Taste",
  basic: "True Supporter",
  premium: "I'm All In",
  admin: "Admin",
};
