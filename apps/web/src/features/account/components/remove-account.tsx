import { CreditCard, Trash2, UserX } from "lucide-react";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { useSession } from "../../../lib/session";
import { deleteAccount } from "../api/delete-account";
import { getRemovalCheck } from "../api/removal-check";
import { useCountdown } from "../hooks/use-countdown";

type Step = { kind: "idle" } | { kind: "warning"; from: number } | { kind: "countdown"; from: number };

/**
 * Remove Account (account spec 2.2): a managed subscription is warned about first (Manage Subscription or
 * Proceed); then a countdown from the configured constant plus one keeps Remove disabled until zero.
 */
export function RemoveAccount({ className }: { className?: string }) {
  const { signOut } = useSession();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setError(null);
    setChecking(true);
    try {
      const check = await getRemovalCheck();
      const from = check.countdown_seconds + 1;
      setStep(check.managed_subscription ? { kind: "warning", from } : { kind: "countdown", from });
    } catch (e) {
      setError(e instanceof Error ? e.message : "Uh oh, something went wrong");
    } finally {
      setChecking(false);
    }
  }

  const close = () => setStep({ kind: "idle" });

  return (
    <div className={className}>
      <Button
        variant="ghost"
        className="w-full text-danger hover:bg-danger/10 hover:text-danger"
        loading={checking}
        onClick={() => void start()}
      >
        {checking ? null : <UserX aria-hidden="true" className="h-4 w-4" />}
        Remove Account
      </Button>
      {error ? <Alert className="mt-2">{error}</Alert> : null}
      <Dialog
        open={step.kind === "warning"}
        onOpenChange={(open) => (open ? undefined : close())}
        icon={<CreditCard aria-hidden="true" className="h-5 w-5" />}
        title="You have an active subscription"
        description="Removing your account does not cancel your subscription. Manage your subscription first to stop future payments, or proceed to remove your account."
        footer={
          <>
            <ButtonLink to="/manage-subscription" variant="secondary" onClick={close}>
              Manage Subscription
            </ButtonLink>
            <Button
              variant="danger"
              onClick={() => setStep((s) => (s.kind === "warning" ? { kind: "countdown", from: s.from } : s))}
            >
              Proceed
            </Button>
          </>
        }
      />
      <RemovalCountdownDialog
        open={step.kind === "countdown"}
        from={step.kind === "idle" ? 1 : step.from}
        onCancel={close}
        onRemoved={() => void signOut()}
      />
    </div>
  );
}

export function RemovalCountdownDialog({
  open,
  from,
  onCancel,
  onRemoved,
}: {
  open: boolean;
  from: number;
  onCancel: () => void;
  onRemoved: () => void;
}) {
  const left = useCountdown(from, open);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    setError(null);
    setRemoving(true);
    try {
      await deleteAccount();
      onRemoved();
    } catch (e) {
      setError(e instanceof Error ? e.message : "Uh oh, something went wrong");
      setRemoving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next || removing ? undefined : onCancel())}
      icon={<Trash2 aria-hidden="true" className="h-5 w-5 text-danger" />}
      title="Remove your account?"
      description="This permanently removes your account and everything in it: personas, chats, characters, favorites and memories. This can't be undone."
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={removing}>
            Cancel
          </Button>
          <Button variant="danger" disabled={left > 0} loading={removing} onClick={() => void remove()}>
            {left > 0 ? `Remove (${left})` : "Remove"}
          </Button>
        </>
      }
    >
      <div className="flex items-center gap-4 rounded-xl border border-surface-3 bg-surface-2/60 p-4">
        <div
          aria-hidden="true"
          className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full border-4 border-danger/60 text-xl font-extrabold tabular-nums text-text-1"
        >
          {left}
        </div>
        <p className="text-sm text-text-2">
          {left > 0
            ? `Take a moment. You can remove your account in ${left} ${left === 1 ? "second" : "seconds"}.`
            : "You can now remove your account."}
        </p>
      </div>
      {error ? <Alert className="mt-3">{error}</Alert> : null}
    </Dialog>
  );
}
