import { MonitorSmartphone, MonitorX } from "lucide-react";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { useSession } from "../../../lib/session";
import { logoutEverywhere } from "../api/logout-all";

/**
 * "Sign out everywhere" beside Logout: after a confirmation, every session of the member ends on the
 * server (other devices at once, their access tokens included), then this tab signs out as Logout does.
 * `guard` runs the opening through the page's unsaved-changes check, like Logout.
 */
export function SignOutEverywhere({
  className,
  guard = (open) => open(),
}: {
  className?: string;
  guard?: (action: () => void) => void;
}) {
  const { signOut } = useSession();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    setPending(true);
    try {
      await logoutEverywhere();
    } catch (e) {
      setError(e instanceof Error ? e.message : "Uh oh, something went wrong");
      setPending(false);
      return;
    }
    await signOut();
  }

  return (
    <>
      <Button
        variant="secondary"
        className={className}
        onClick={() =>
          guard(() => {
            setError(null);
            setOpen(true);
          })
        }
      >
        <MonitorSmartphone aria-hidden="true" className="h-4 w-4" />
        Sign out everywhere
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => (pending ? undefined : setOpen(next))}
        icon={<MonitorX aria-hidden="true" className="h-5 w-5" />}
        title="Sign out everywhere?"
        description="This ends your sessions on every device and browser, this one included. You will need to sign in again."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={pending}>
              Cancel
            </Button>
            <Button variant="danger" loading={pending} onClick={() => void confirm()}>
              Sign out everywhere
            </Button>
          </>
        }
      >
        {error ? <Alert>{error}</Alert> : null}
      </Dialog>
    </>
  );
}
