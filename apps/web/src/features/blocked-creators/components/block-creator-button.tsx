import { Ban, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useSetCreatorBlocked } from "../../../api/blocked-creators";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";

/** Block (with confirmation) or unblock a creator; shown to signed-in members other than the creator. */
export function BlockCreatorButton({
  creatorId,
  username,
  blocked,
}: {
  creatorId: string;
  username: string | null;
  blocked: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const setBlocked = useSetCreatorBlocked();
  const who = username ? `@${username}` : "this creator";

  if (blocked) {
    return (
      <Button
        variant="secondary"
        loading={setBlocked.isPending}
        onClick={() => setBlocked.mutate({ creatorId, blocked: false })}
      >
        <ShieldCheck aria-hidden="true" className="h-4 w-4" />
        Unblock Creator
      </Button>
    );
  }
  return (
    <>
      <Button variant="ghost" onClick={() => setConfirming(true)}>
        <Ban aria-hidden="true" className="h-4 w-4" />
        Block Creator
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Block ${who}?`}
        description="You won't see their chatbots and can't chat with them until you unblock them from your blocked creators list."
        icon={<Ban aria-hidden="true" className="h-5 w-5" />}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={setBlocked.isPending}
              onClick={() =>
                setBlocked.mutate({ creatorId, blocked: true }, { onSuccess: () => setConfirming(false) })
              }
            >
              Block
            </Button>
          </>
        }
      >
        {setBlocked.isError ? (
          <p role="alert" className="text-sm text-danger">
            {setBlocked.error.message}
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
