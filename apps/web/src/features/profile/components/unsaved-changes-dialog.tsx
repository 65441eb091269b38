import { TriangleAlert } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";

/** 'Unsaved Changes': Update saves then leaves, Discard leaves without saving, closing stays. */
export function UnsavedChangesDialog({
  open,
  saving,
  onUpdate,
  onDiscard,
  onStay,
}: {
  open: boolean;
  saving: boolean;
  onUpdate: () => void;
  onDiscard: () => void;
  onStay: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onStay())}
      icon={<TriangleAlert aria-hidden="true" className="h-5 w-5" />}
      title="Unsaved Changes"
      description="You have changes to your profile that aren't saved yet. Update your profile before leaving, or discard the changes."
      footer={
        <>
          <Button variant="secondary" onClick={onDiscard} disabled={saving}>
            Discard
          </Button>
          <Button onClick={onUpdate} loading={saving}>
            Update
          </Button>
        </>
      }
    />
  );
}
