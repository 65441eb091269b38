import { CHAT_LIMITS } from "@hearth/contracts";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { SheetDialog } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/input";
import { useOnOpen } from "../hooks/use-on-open";

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
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useOnOpen(open, () => {
    setTitle(current);
    setError(null);
  });
  const save = async () => {
    setPending(true);
    setError(null);
    try {
      await onSave(title.trim());
      onOpenChange(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Uh oh, something went wrong");
    } finally {
      setPending(false);
    }
  };
  return (
    <SheetDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change title"
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button loading={pending} disabled={!title.trim()} onClick={() => void save()}>
            Update
          </Button>
        </>
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
