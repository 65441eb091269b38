import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useSession } from "../../lib/session";
import { usePartnerMode } from "../use-branding";
import { decideAppGate } from "./guard-logic";
import { RestrictionScreen } from "./restriction-screen";

/** Wraps the whole app: invalid accounts, restricted users and partner sign-up override every route. */
export function AppGate({ children }: { children: ReactNode }) {
  const { status, user, permissions } = useSession();
  const partnerMode = usePartnerMode();
  const { pathname } = useLocation();
  const decision = decideAppGate({ status, user, permissions, partnerMode, pathname });
  switch (decision.kind) {
    case "render":
      return children;
    case "restricted":
      return <RestrictionScreen />;
    case "redirect":
      return <Navigate to={decision.to} replace />;
  }
}
