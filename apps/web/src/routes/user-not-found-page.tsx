import { UserX } from "lucide-react";
import { useState } from "react";
import { Button, ButtonLink } from "../components/ui/button";
import { useSession } from "../lib/session";
import { StatusPage } from "./status-page";

/** /user-not-found: the account behind this session no longer exists or is not valid. */
export function UserNotFoundPage() {
  const { status, signOut } = useSession();
  const [pending, setPending] = useState(false);
  return (
    <StatusPage
      icon={UserX}
      title={<span className="text-5xl tracking-tight sm:text-6xl">INVALID ACCOUNT</span>}
      actions={
        <>
          <Button
            loading={pending}
            onClick={() => {
              setPending(true);
              void signOut().finally(() => setPending(false));
            }}
          >
            Log out
          </Button>
          <ButtonLink
            to="/"
            variant="secondary"
            onClick={(event) => {
              // While the session is invalid every path leads back here; leaving means ending it.
              if (status === "invalid") {
                event.preventDefault();
                void signOut();
              }
            }}
          >
            Back to home
          </ButtonLink>
        </>
      }
    >
      We couldn't find a valid account for this session. Log out and sign in again, or create a new account.
    </StatusPage>
  );
}
