import { CHAT_LIMITS, type Message } from "@hearth/contracts";
import { useState } from "react";
import { cn } from "../../../components/ui/cn";
import { SheetDialog } from "../../../components/ui/dialog";
import { inputClasses, TextField } from "../../../components/ui/input";
import { useModalAction } from "../hooks/use-modal-action";
import { useOnOpen } from "../hooks/use-on-open";
import { isLocalId } from "../lib/chat-state";
import { ModalFooter } from "./modal-footer";

type CloneMode = "full" | "partial";

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 60 ? `${flat.slice(0, 60)}…` : flat;
}

/**
 * Clone conversation (chat spec 4 and 5): partial or full, a required title of at most 50 characters;
 * a partial clone needs the last message to keep.
 */
export function CloneModal({
  open,
  onOpenChange,
  messages,
  firstPosition,
  defaultTitle,
  characterName,
  onClone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  messages: Message[];
  /** The position in the conversation of `messages[0]` (older messages may not be loaded). */
  firstPosition: number;
  defaultTitle: string;
  characterName: string;
  onClone: (title: string, upToMessageId: string | null) => Promise<void>;
}) {
  const [mode, setMode] = useState<CloneMode>("full");
  const [title, setTitle] = useState("");
  const [lastId, setLastId] = useState("");
  const { pending, error, setError, run } = useModalAction();
  useOnOpen(open, () => {
    setTitle(defaultTitle.slice(0, CHAT_LIMITS.titleMax));
    setMode("full");
    setLastId("");
    setError(null);
  });
  const saved = messages
    .map((message, index) => ({ message, position: firstPosition + index + 1 }))
    .filter(({ message }) => !isLocalId(message.id));
  const ready = title.trim().length > 0 && (mode === "full" || lastId !== "");

  const clone = async () => {
    if (!ready) return;
    await run(async () => {
      await onClone(title.trim(), mode === "partial" ? lastId : null);
      onOpenChange(false);
    });
  };

  return (
    <SheetDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Clone conversation"
      description="Start a new chat from a copy of this one."
      footer={
        <ModalFooter
          onCancel={() => onOpenChange(false)}
          onConfirm={() => void clone()}
          confirmLabel="Clone"
          pending={pending}
          disabled={!ready}
        />
      }
    >
      <div className="flex flex-col gap-4">
        <fieldset className="grid grid-cols-2 gap-2">
          <legend className="mb-1.5 text-sm font-medium">What to copy</legend>
          {(["full", "partial"] as const).map((value) => (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer items-center gap-2 rounded-xl border px-3 py-2.5 text-sm",
                mode === value ? "border-brand-400 bg-brand-500/10" : "border-surface-3 hover:bg-surface-2",
              )}
            >
              <input
                type="radio"
                name="clone-mode"
                checked={mode === value}
                onChange={() => setMode(value)}
                className="accent-brand-500"
              />
              {value === "full" ? "Full conversation" : "Partial conversation"}
            </label>
          ))}
        </fieldset>
        <TextField
          label={
            <>
              Title <span className="text-danger">*</span>
            </>
          }
          required
          aria-required="true"
          value={title}
          maxLength={CHAT_LIMITS.titleMax}
          onChange={(e) => setTitle(e.target.value)}
          placeholder={`Chat with ${characterName}`}
          hint={`${title.length}/${CHAT_LIMITS.titleMax}`}
          error={error}
        />
        {mode === "partial" ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor="clone-last-message" className="text-sm font-medium">
              Last message to keep <span className="text-danger">*</span>
            </label>
            <select
              id="clone-last-message"
              value={lastId}
              onChange={(e) => setLastId(e.target.value)}
              className={inputClasses}
              required
            >
              <option value="">Select a message</option>
              {saved.map(({ message, position }) => (
                <option key={message.id} value={message.id}>
                  {position}. {message.role === "bot" ? characterName : message.persona_name || "You"}:{" "}
                  {snippet(message.content)}
                </option>
              ))}
            </select>
            <p className="text-xs text-text-3">Messages after this one are left out of the copy.</p>
          </div>
        ) : null}
      </div>
    </SheetDialog>
  );
}
