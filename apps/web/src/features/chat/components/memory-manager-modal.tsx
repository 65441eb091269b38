import { CHAT_LIMITS, type Memory } from "@hearth/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Pin, PinOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { memoriesQuery, memoryKeys } from "../../../api/memories";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { SheetDialog } from "../../../components/ui/dialog";
import { inputClasses } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { createMemory, deleteMemory, updateMemory } from "../api/memories";

function MemoryEditor({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: string;
  submitLabel: string;
  onSubmit: (content: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const [text, setText] = useState(initial);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = text.trim().length > 0 && text.trim() !== initial.trim();
  return (
    <form
      className="flex flex-col gap-1.5"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!ready) return;
        setPending(true);
        setError(null);
        try {
          await onSubmit(text.trim());
          setText(initial);
        } catch (failure) {
          setError(failure instanceof Error ? failure.message : "Uh oh, something went wrong");
        } finally {
          setPending(false);
        }
      }}
    >
      <label className="sr-only" htmlFor={`memory-${submitLabel}`}>
        Memory
      </label>
      <textarea
        id={`memory-${submitLabel}`}
        value={text}
        maxLength={CHAT_LIMITS.memoryMax}
        rows={2}
        onChange={(e) => setText(e.target.value)}
        placeholder="Something the character should remember"
        className={inputClasses}
      />
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs text-text-3 tabular-nums">
          {text.length}/{CHAT_LIMITS.memoryMax}
        </span>
        <div className="flex gap-2">
          {onCancel ? (
            <Button variant="ghost" size="sm" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" size="sm" loading={pending} disabled={!ready}>
            {submitLabel}
          </Button>
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}

const iconButton =
  "inline-flex h-8 w-8 items-center justify-center rounded-lg text-text-3 transition-colors hover:bg-surface-3 " +
  "hover:text-text-1 focus-visible:outline-2 focus-visible:outline-brand-400";

/** Memory manager (memory_manager): add, edit, delete and pin a conversation's memories (250 characters). */
export function MemoryManagerModal({
  open,
  onOpenChange,
  conversationId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  conversationId: string;
}) {
  const queryClient = useQueryClient();
  const memories = useQuery({ ...memoriesQuery(conversationId), enabled: open });
  const [editingId, setEditingId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: memoryKeys.list(conversationId) });
  const act = async (run: () => Promise<unknown>) => {
    setActionError(null);
    try {
      await run();
      await refresh();
    } catch (failure) {
      setActionError(failure instanceof Error ? failure.message : "Uh oh, something went wrong");
    }
  };
  const list: Memory[] = [...(memories.data ?? [])].sort((a, b) => Number(b.pinned) - Number(a.pinned));
  const full = list.length >= CHAT_LIMITS.memoriesPerConversation;

  return (
    <SheetDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Memory Manager"
      description="Pinned memories are always part of what the character knows."
    >
      <div className="flex flex-col gap-4">
        {full ? (
          <p className="text-sm text-text-2">This conversation has the most memories it can keep.</p>
        ) : (
          <MemoryEditor
            initial=""
            submitLabel="Add memory"
            onSubmit={async (content) => {
              await createMemory(conversationId, { content, pinned: false });
              await refresh();
            }}
          />
        )}
        {actionError ? (
          <p role="alert" className="text-sm text-danger">
            {actionError}
          </p>
        ) : null}
        {memories.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner />
          </div>
        ) : memories.isError ? (
          <p role="alert" className="text-sm text-danger">
            The memories could not be loaded.
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-text-3">No memories yet.</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Memories">
            {list.map((memory) => (
              <li
                key={memory.id}
                className={cn(
                  "rounded-xl border p-3 text-sm",
                  memory.pinned ? "border-brand-400/60 bg-brand-500/10" : "border-surface-3 bg-surface-2/50",
                )}
              >
                {editingId === memory.id ? (
                  <MemoryEditor
                    initial={memory.content}
                    submitLabel="Save"
                    onCancel={() => setEditingId(null)}
                    onSubmit={async (content) => {
                      await updateMemory(memory.id, { content });
                      setEditingId(null);
                      await refresh();
                    }}
                  />
                ) : (
                  <div className="flex items-start gap-2">
                    <p className="min-w-0 flex-1 break-words whitespace-pre-wrap">
                      {memory.content}
                      {memory.source === "auto" ? (
                        <Badge variant="neutral" className="ml-2 align-middle">
                          Auto
                        </Badge>
                      ) : null}
                    </p>
                    <div className="flex shrink-0">
                      <button
                        type="button"
                        className={iconButton}
                        aria-label={memory.pinned ? "Unpin memory" : "Pin memory"}
                        aria-pressed={memory.pinned}
                        onClick={() => void act(() => updateMemory(memory.id, { pinned: !memory.pinned }))}
                      >
                        {memory.pinned ? (
                          <PinOff aria-hidden="true" className="h-4 w-4" />
                        ) : (
                          <Pin aria-hidden="true" className="h-4 w-4" />
                        )}
                      </button>
                      <button
                        type="button"
                        className={iconButton}
                        aria-label="Edit memory"
                        onClick={() => setEditingId(memory.id)}
                      >
                        <Pencil aria-hidden="true" className="h-4 w-4" />
                      </button>
                      <button
                        type="button"
                        className={iconButton}
                        aria-label="Delete memory"
                        onClick={() => void act(() => deleteMemory(memory.id))}
                      >
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                      </button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </SheetDialog>
  );
}
