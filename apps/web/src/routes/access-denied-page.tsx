import { ShieldX } from "lucide-react";
import { useLocation } from "react-router";
import { ButtonLink } from "../components/ui/button";
import { loginPathFor } from "../lib/redirect";
import { useSession } from "../lib/session";
import { StatusPage } from "./status-page";

function fromState(state: unknown): string | null {
  if (state && typeof state === "object" && "from" in state && typeof state.from === "string")
    return state.from;
  return null;
}

export function AccessDeniedPage() {
  const { status } = useSession();
  const location = useLocation();
  const from = fromState(location.state);
  const canSignIn = status === "anonymous" || status === "guest";
  return (
    <StatusPage
      icon={ShieldX}
      title="Access denied"
      actions={
        <>
          <ButtonLink to="/" variant={canSignIn ? "secondary" : "primary"}>
            Back to home
          </ButtonLink>
          {canSignIn ? <ButtonLink to={from ? loginPathFor(from) : "/login"}>Sign in</ButtonLink> : null}
        </>
      }
    >
      You don't have permission to view this page.
    </StatusPage>
  );
}
