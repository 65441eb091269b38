import type { Permission } from "@hearth/contracts";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { PageSpinner } from "../../components/ui/spinner";
import { useSession } from "../../lib/session";
import { BanNotice } from "./ban-notice";
import { decideRouteGuard } from "./guard-logic";

export const ACCESS_DENIED_PATH = "/access-denied";

/** Renders `children` only for users holding `permission` (account spec 4, route guard). */
export function PermissionGuard({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { status, permissions } = useSession();
  const location = useLocation();
  switch (decideRouteGuard(status, permissions, permission)) {
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
