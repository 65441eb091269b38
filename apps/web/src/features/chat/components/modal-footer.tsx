import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button";

/** A chat modal's buttons: Cancel, then the confirm button (spinning while `pending`). */
export function ModalFooter({
  onCancel,
  onConfirm,
  confirmLabel,
  pending,
  disabled,
}: {
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel: ReactNode;
  pending: boolean;
  disabled?: boolean;
}) {
  return (
    <>
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      <Button loading={pending} disabled={disabled} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </>
  );
}
