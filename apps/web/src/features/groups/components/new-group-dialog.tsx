import { GROUP_LIMITS, GROUP_MODES, type GroupMode } from "@hearth/contracts";
import { Users } from "lucide-react";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { SheetDialog } from "../../../components/ui/dialog";
import { ApiError } from "../../../lib/api-client";
import { useCreateGroupChat } from "../api/groups";
import { GROUP_MODE_LABELS } from "../lib/speakers";
import { CharacterPicker, type PickableCharacter } from "./character-picker";
import { GroupAvatars } from "./group-avatar";
import { ModeChoice } from "./mode-choice";

/** 'New group chat': pick 2 to 8 characters and how they take turns, then open the chat. */
export function NewGroupChatDialog({
  open,
  onOpenChange,
  initial = [],
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Characters already picked (e.g. the one whose chat menu opened the dialog). */
  initial?: PickableCharacter[];
}) {
  const navigate = useNavigate();
  const create = useCreateGroupChat();
  const [picked, setPicked] = useState<PickableCharacter[]>(initial);
  const [mode, setMode] = useState<GroupMode>("natural");
  const errorId = useId();
  const full = picked.length >= GROUP_LIMITS.maxCharacters;
  const toggle = (character: PickableCharacter) =>
    setPicked((list) =>
      list.some((c) => c.id === character.id)
        ? list.filter((c) => c.id !== character.id)
        : [...list, character],
    );
  const start = async () => {
    try {
      const chat = await create.mutateAsync({ character_ids: picked.map((c) => c.id), mode });
      onOpenChange(false);
      navigate(`/chat/${chat.character_id}/${chat.id}`);
    } catch {
      // Shown below the picker.
    }
  };
  const error =
    create.error instanceof ApiError || create.error instanceof Error ? create.error.message : null;
  return (
    <SheetDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New group chat"
      description={`Pick ${GROUP_LIMITS.minCharacters} to ${GROUP_LIMITS.maxCharacters} characters. Each reply is written by one of them.`}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            onClick={start}
            disabled={picked.length < GROUP_LIMITS.minCharacters || create.isPending}
            aria-describedby={error ? errorId : undefined}
          >
            <Users aria-hidden="true" className="h-4 w-4" />
            Start group chat
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="flex min-h-9 items-center gap-3" aria-live="polite">
          {picked.length > 0 ? (
            <>
              <GroupAvatars characters={picked} />
              <p className="min-w-0 text-sm text-text-2">
                <span className="font-semibold text-text-1">{picked.length} picked:</span>{" "}
                {picked.map((c) => c.name).join(", ")}
              </p>
            </>
          ) : (
            <p className="text-sm text-text-3">No characters picked yet.</p>
          )}
        </div>
        <CharacterPicker
          selected={picked}
          onToggle={toggle}
          disabledReason={full ? `A group chat has at most ${GROUP_LIMITS.maxCharacters} characters.` : null}
        />
        <ModeChoice value={mode} onChange={setMode} modes={GROUP_MODES} labels={GROUP_MODE_LABELS} />
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </SheetDialog>
  );
}

/** The entry point: a button that opens the dialog. */
export function NewGroupChatButton({
  initial,
  variant = "secondary",
  size = "sm",
}: {
  initial?: PickableCharacter[];
  variant?: "primary" | "secondary" | "ghost";
  size?: "sm" | "md";
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} onClick={() => setOpen(true)}>
        <Users aria-hidden="true" className="h-4 w-4" />
        New group chat
      </Button>
      {open ? <NewGroupChatDialog open={open} onOpenChange={setOpen} initial={initial} /> : null}
    </>
  );
}
