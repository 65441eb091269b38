import type { ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { Dialog } from "./dialog";

/**
 * A yes-or-no question in a dialog: Cancel and a confirm button (red when `danger`), with the failure of
 * the confirmed action shown inside. Closing it any way (Cancel, Escape, outside, the close button) calls
 * `onClose`; `onConfirm` does the work and closes it itself when that succeeds.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  icon,
  confirmLabel,
  danger = false,
  pending = false,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  confirmLabel: ReactNode;
  danger?: boolean;
  pending?: boolean;
  /** The confirmed action's failure, shown as an alert; null or undefined shows none. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      icon={icon}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={danger ? "danger" : "primary"} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error ? <Alert>{error}</Alert> : null}
    </Dialog>
  );
}
