import { useState } from "react";
import { cn } from "../../../components/ui/cn";
import { SheetDialog } from "../../../components/ui/dialog";
import { useModalAction } from "../hooks/use-modal-action";
import { useOnOpen } from "../hooks/use-on-open";
import { ModalFooter } from "./modal-footer";

/** What becomes of the messages after an older reply given a new version. */
export type RegenerateChoice = "keep" | "branch";

const CHOICES: { value: RegenerateChoice; label: string; hint: string }[] = [
  {
    value: "keep",
    label: "Keep the messages after it",
    hint: "The new version joins this reply's versions; the rest of the chat stays as it is.",
  },
  {
    value: "branch",
    label: "Branch a new chat from here",
    hint: "A new chat with the messages up to this reply opens, and the new version is written there.",
  },
];

/**
 * Regenerating a reply that is not the last: keep the later messages (the default) or branch a new chat
 * from it. Guests keep no chats, so they only keep.
 */
export function RegenerateModal({
  open,
  onOpenChange,
  canBranch,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canBranch: boolean;
  onChoose: (choice: RegenerateChoice) => Promise<void>;
}) {
  const [choice, setChoice] = useState<RegenerateChoice>("keep");
  const { pending, error, setError, run } = useModalAction();
  useOnOpen(open, () => {
    setChoice("keep");
    setError(null);
  });
  const choices = canBranch ? CHOICES : CHOICES.filter((c) => c.value === "keep");

  return (
    <SheetDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Regenerate this reply"
      description="A new version is written from the messages before it."
      footer={
        <ModalFooter
          onCancel={() => onOpenChange(false)}
          onConfirm={() => void run(() => onChoose(choice))}
          confirmLabel="Regenerate"
          pending={pending}
        />
      }
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">The messages after it</legend>
        {choices.map(({ value, label, hint }) => (
          <label
            key={value}
            className={cn(
              "flex cursor-pointer items-start gap-2.5 rounded-xl border px-3 py-2.5 text-sm",
              choice === value ? "border-brand-400 bg-brand-500/10" : "border-surface-3 hover:bg-surface-2",
            )}
          >
            <input
              type="radio"
              name="regenerate-choice"
              value={value}
              checked={choice === value}
              onChange={() => setChoice(value)}
              className="mt-1 accent-brand-500"
            />
            <span className="flex flex-col gap-0.5">
              <span className="font-medium text-text-1">{label}</span>
              <span className="text-xs text-text-3">{hint}</span>
            </span>
          </label>
        ))}
        {error ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </fieldset>
    </SheetDialog>
  );
}
