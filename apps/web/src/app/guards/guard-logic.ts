import type { Me, Permission, Role } from "@hearth/contracts";
import { ROUTE_PATHS } from "@hearth/contracts";
import type { SessionStatus } from "../../lib/session";

/** Route guard (account spec 4): spinner while loading, page when permitted, ban notice, else access denied. */
export type RouteGuardDecision = "loading" | "allow" | "limited" | "denied";

export function decideRouteGuard(
  status: SessionStatus,
  permissions: readonly Permission[],
  required: Permission | undefined,
): RouteGuardDecision {
  if (status === "loading") return "loading";
  if (!required || permissions.includes(required)) return "allow";
  if (permissions.includes("limited_access")) return "limited";
  return "denied";
}

/**
 * Admin routes (the route table's `admin` flag): only the admin role passes; a limited admin sees the ban
 * notice like on any other gated page; everyone else gets the access-denied page.
 */
export function decideAdminGuard(
  status: SessionStatus,
  role: Role | undefined,
  permissions: readonly Permission[],
): RouteGuardDecision {
  if (status === "loading") return "loading";
  if (status === "member" && role === "admin") {
    return permissions.includes("limited_access") ? "limited" : "allow";
  }
  return "denied";
}

/** Protected layout: members pass; signed-out visitors and guests sign in first. */
export type ProtectedDecision = "loading" | "allow" | "login";

export function decideProtected(status: SessionStatus, pathname: string): ProtectedDecision {
  switch (status) {
    case "loading":
      return "loading";
    case "member":
      return "allow";
    case "invalid":
      // The invalid-account page is itself a protected route and must show for this state.
      return pathname === ROUTE_PATHS.userNotFound ? "allow" : "loading";
    default:
      return "login";
  }
}

export const PARTNER_SIGNUP_PATH = "/external/signup";

/** Whole-app wrapper: invalid accounts, restrictions and partner sign-up take over every path. */
export type AppGateDecision = { kind: "render" } | { kind: "restricted" } | { kind: "redirect"; to: string };

export function isRestricted(permissions: readonly Permission[]): boolean {
  return permissions.includes("complete_restriction") || permissions.includes("temporary_restriction");
}

export function decideAppGate(input: {
  status: SessionStatus;
  user: Me | null;
  permissions: readonly Permission[];
  partnerMode: boolean;
  pathname: string;
}): AppGateDecision {
  const { status, user, permissions, partnerMode, pathname } = input;
  if (status === "invalid") {
    return pathname === ROUTE_PATHS.userNotFound
      ? { kind: "render" }
      : { kind: "redirect", to: ROUTE_PATHS.userNotFound };
  }
  if (isRestricted(permissions)) return { kind: "restricted" };
  if (partnerMode && status === "member" && user && !user.username && pathname !== PARTNER_SIGNUP_PATH) {
    return { kind: "redirect", to: PARTNER_SIGNUP_PATH };
  }
  return { kind: "render" };
}
