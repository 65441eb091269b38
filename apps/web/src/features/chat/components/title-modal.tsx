import { CHAT_LIMITS } from "@hearth/contracts";
import { useState } from "react";
import { SheetDialog } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/input";
import { useModalAction } from "../hooks/use-modal-action";
import { useOnOpen } from "../hooks/use-on-open";
import { ModalFooter } from "./modal-footer";

/** Change title (chat spec 5): at most 50 characters; Update needs a non-empty title. */
export function TitleModal({
  open,
  onOpenChange,
  current,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: string;
  onSave: (title: string) => Promise<void>;
}) {
  const [title, setTitle] = useState(current);
  const { pending, error, setError, run } = useModalAction();
  useOnOpen(open, () => {
    setTitle(current);
    setError(null);
  });
  const save = () =>
    run(async () => {
      await onSave(title.trim());
      onOpenChange(false);
    });
  return (
    <SheetDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change title"
      footer={
        <ModalFooter
          onCancel={() => onOpenChange(false)}
          onConfirm={() => void save()}
          confirmLabel="Update"
          pending={pending}
          disabled={!title.trim()}
        />
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (title.trim()) void save();
        }}
      >
        <TextField
          label="Title"
          value={title}
          maxLength={CHAT_LIMITS.titleMax}
          onChange={(e) => setTitle(e.target.value)}
          hint={`${title.length}/${CHAT_LIMITS.titleMax}`}
          error={error}
          autoFocus
        />
      </form>
    </SheetDialog>
  );
}
