import type { Permission } from "@hearth/contracts";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { PageSpinner } from "../../components/ui/spinner";
import { useSession } from "../../lib/session";
import { BanNotice } from "./ban-notice";
import { decideAdminGuard, decideRouteGuard, type RouteGuardDecision } from "./guard-logic";

export const ACCESS_DENIED_PATH = "/access-denied";

/** Renders `children` only for users holding `permission` (account spec 4, route guard). */
export function PermissionGuard({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { status, permissions } = useSession();
  return (
    <GuardDecision decision={decideRouteGuard(status, permissions, permission)}>{children}</GuardDecision>
  );
}

/** Renders `children` only for admins (routes with the table's `admin` flag); others see access denied. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { status, user, permissions } = useSession();
  return (
    <GuardDecision decision={decideAdminGuard(status, user?.role, permissions)}>{children}</GuardDecision>
  );
}

function GuardDecision({ decision, children }: { decision: RouteGuardDecision; children: ReactNode }) {
  const location = useLocation();
  switch (decision) {
    case "loading":
      return <PageSpinner />;
    case "allow":
      return children;
    case "limited":
      return <BanNotice />;
    case "denied":
      return (
        <Navigate
          to={ACCESS_DENIED_PATH}
          replace
          state={{ from: `${location.pathname}${location.search}` }}
        />
      );
  }
}
