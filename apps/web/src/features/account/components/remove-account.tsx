import {
  ACCOUNT_REMOVAL_CONFIRMATION,
  ACCOUNT_SECURITY_MESSAGES,
  type AccountRemovalBody,
} from "@hearth/contracts";
import { CreditCard, Trash2, UserX } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/input";
import { splitApiError } from "../../../lib/field-errors";
import { useSession } from "../../../lib/session";
import { deleteAccount } from "../api/delete-account";
import { getRemovalCheck } from "../api/removal-check";
import { useCountdown } from "../hooks/use-countdown";

/** The managed-subscription warning (account spec 2.2): removal ends the subscription with the account. */
export const SUBSCRIPTION_WARNING =
  "Removing your account also ends your subscription: it won't renew, and your paid plan ends with the account. Review it in Manage Subscription first, or proceed to remove your account.";

type Step = { kind: "idle" } | { kind: "warning"; from: number } | { kind: "countdown"; from: number };

/** How the member confirms removal: their password, or typing DELETE for an account without one. */
export type RemovalCredential = "password" | "confirm";

/**
 * Remove Account (account spec 2.2): a managed subscription is warned about first (Manage Subscription or
 * Proceed); then a countdown from the configured constant plus one keeps Remove disabled until zero, and
 * the member confirms with their password (or types DELETE when the account has none).
 */
export function RemoveAccount({ className }: { className?: string }) {
  const { signOut, user } = useSession();
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
        description={SUBSCRIPTION_WARNING}
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
        credential={user?.has_password === false ? "confirm" : "password"}
        onCancel={close}
        onRemoved={() => void signOut()}
      />
    </div>
  );
}

export function RemovalCountdownDialog({
  open,
  from,
  credential,
  onCancel,
  onRemoved,
}: {
  open: boolean;
  from: number;
  credential: RemovalCredential;
  onCancel: () => void;
  onRemoved: () => void;
}) {
  const left = useCountdown(from, open);
  const formId = useId();
  const [value, setValue] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Closed: nothing typed or shown is kept for the next time.
  useEffect(() => {
    if (open) return;
    setValue("");
    setFieldError(null);
    setError(null);
  }, [open]);

  async function remove(event: FormEvent) {
    event.preventDefault();
    if (left > 0 || removing) return;
    setError(null);
    const body: AccountRemovalBody =
      credential === "password" ? { password: value } : { confirm: ACCOUNT_REMOVAL_CONFIRMATION };
    if (credential === "password" && value === "") {
      setFieldError(ACCOUNT_SECURITY_MESSAGES.removalPasswordRequired);
      return;
    }
    if (credential === "confirm" && value.trim() !== ACCOUNT_REMOVAL_CONFIRMATION) {
      setFieldError(ACCOUNT_SECURITY_MESSAGES.removalConfirmRequired);
      return;
    }
    setFieldError(null);
    setRemoving(true);
    try {
      await deleteAccount(body);
      onRemoved();
    } catch (e) {
      const { fields, message } = splitApiError(e, [credential]);
      setFieldError(fields[credential] ?? null);
      setError(message);
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
          <Button type="submit" form={formId} variant="danger" disabled={left > 0} loading={removing}>
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
      <form id={formId} noValidate onSubmit={(e) => void remove(e)} className="mt-4">
        {credential === "password" ? (
          <TextField
            label="Your password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={fieldError}
            hint="Enter your password to confirm it's you."
            required
          />
        ) : (
          <TextField
            label={`Type ${ACCOUNT_REMOVAL_CONFIRMATION} to confirm`}
            name="confirm"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={fieldError}
            required
          />
        )}
      </form>
      {error ? <Alert className="mt-3">{error}</Alert> : null}
    </Dialog>
  );
}
