import type { Me } from "@hearth/contracts";
import type { SessionStatus } from "../../../lib/session";

/** Pages where the onboarding modal stays out of the way (email fix, invalid account, partner, legal). */
const EXEMPT_PATHS = new Set([
  "/update-email",
  "/user-not-found",
  "/external/signup",
  "/terms",
  "/privacy",
  "/refund",
  "/2257",
]);

/**
 * The modal (account spec 2.3): a signed-in member without a username, the onboarding_v2 flag on, not on a
 * partner host (partners finish at /external/signup), not waiting to fix the email first, and not limited
 * or restricted.
 */
export function needsOnboardingModal(input: {
  status: SessionStatus;
  user: Me | null;
  flagOn: boolean;
  partnerMode: boolean;
  pathname: string;
}): boolean {
  const { status, user, flagOn, partnerMode, pathname } = input;
  if (status !== "member" || !user || user.username) return false;
  // A limited or restricted account may not save a username (the server refuses its writes).
  if (user.status !== "active") return false;
  if (!flagOn || partnerMode || user.needs_email_update) return false;
  return !EXEMPT_PATHS.has(pathname);
}

/** The older inline onboarding on home: the same member, with the flag off. */
export function needsLegacyOnboarding(
  status: SessionStatus,
  user: Me | null,
  flagOn: boolean,
  partnerMode: boolean,
) {
  return status === "member" && user?.status === "active" && !user.username && !flagOn && !partnerMode;
}
