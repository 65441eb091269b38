import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { PageSpinner } from "../../components/ui/spinner";
import { loginPathFor } from "../../lib/redirect";
import { useSession } from "../../lib/session";
import { decideProtected } from "./guard-logic";

/** Protected layout gate: signed-out visitors and guests go to sign-in and come back afterwards. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  switch (decideProtected(status, location.pathname)) {
    case "loading":
      return <PageSpinner />;
    case "allow":
      return children;
    case "login":
      return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  }
}
