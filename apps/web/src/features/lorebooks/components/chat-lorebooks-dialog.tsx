import { BookOpen, Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { SheetDialog } from "../../../components/ui/dialog";
import { inputClasses } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { useChatLorebookSwitch, useChatLorebooks, useLorebooks } from "../api/lorebooks";

const entries = (count: number) => `${count} ${count === 1 ? "entry" : "entries"}`;

/** The chat's lorebooks: the character's book, attached books and all-chats books, each on or off here. */
export function ChatLorebooksDialog({
  conversationId,
  open,
  onClose,
}: {
  conversationId: string;
  open: boolean;
  onClose: () => void;
}) {
  const books = useChatLorebooks(conversationId, open);
  const mine = useLorebooks(open);
  const change = useChatLorebookSwitch(conversationId);
  const [attachId, setAttachId] = useState("");
  const id = useId();
  const applied = new Set(books.data?.books.map((book) => book.id));
  const attachable = (mine.data ?? []).filter((book) => !applied.has(book.id));

  return (
    <SheetDialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Lorebooks in this chat"
      description="Entries of the books that are on join the prompt when their keys are written."
      footer={
        <Link to="/lorebooks" className="mr-auto text-sm font-semibold text-link hover:underline">
          Manage my lorebooks
        </Link>
      }
    >
      {books.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading lorebooks" />
        </div>
      ) : books.error ? (
        <Alert>{books.error.message}</Alert>
      ) : (
        <div className="flex flex-col gap-4">
          {change.error ? <Alert>{change.error.message}</Alert> : null}
          <ul aria-label="Lorebooks of this chat" className="flex flex-col gap-2">
            {books.data.character_books.map((book) => (
              <Row
                key={book.character_id}
                name={book.name}
                detail={`${book.character_name}'s book · ${entries(book.entry_count)}`}
                enabled={book.enabled}
                busy={change.isPending}
                onToggle={(enabled) => change.mutate({ kind: "character", enabled })}
              />
            ))}
            {books.data.books.map((book) => (
              <Row
                key={book.id}
                name={book.name}
                detail={`${book.attached === "chat" ? "This chat" : "All my chats"} · ${entries(book.entry_count)}`}
                enabled={book.enabled}
                busy={change.isPending}
                onToggle={(enabled) => change.mutate({ kind: "book", id: book.id, enabled })}
                onDetach={
                  book.attached === "chat" ? () => change.mutate({ kind: "detach", id: book.id }) : undefined
                }
              />
            ))}
          </ul>
          {books.data.character_books.length === 0 && books.data.books.length === 0 ? (
            <p className="text-sm text-text-2">No lorebook applies to this chat yet.</p>
          ) : null}
          <form
            className="flex flex-col gap-2 border-t border-surface-3 pt-4 sm:flex-row sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              if (attachId)
                change.mutate(
                  { kind: "book", id: attachId, enabled: true },
                  { onSuccess: () => setAttachId("") },
                );
            }}
          >
            <div className="flex min-w-0 flex-1 flex-col gap-1.5">
              <label htmlFor={`${id}-attach`} className="text-sm font-medium text-text-1">
                Attach one of my books
              </label>
              <select
                id={`${id}-attach`}
                value={attachId}
                onChange={(event) => setAttachId(event.target.value)}
                className={inputClasses}
                disabled={attachable.length === 0}
              >
                <option value="">{attachable.length === 0 ? "No other books" : "Choose a book"}</option>
                {attachable.map((book) => (
                  <option key={book.id} value={book.id}>
                    {book.name}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" variant="secondary" disabled={!attachId} loading={change.isPending}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              Attach
            </Button>
          </form>
        </div>
      )}
    </SheetDialog>
  );
}

function Row({
  name,
  detail,
  enabled,
  busy,
  onToggle,
  onDetach,
}: {
  name: string;
  detail: string;
  enabled: boolean;
  busy: boolean;
  onToggle: (enabled: boolean) => void;
  onDetach?: () => void;
}) {
  const id = useId();
  return (
    <li className="flex items-center gap-3 rounded-xl border border-surface-3 bg-surface-2/50 px-3 py-2.5">
      <BookOpen aria-hidden="true" className="h-4 w-4 shrink-0 text-link" />
      <div className="min-w-0 flex-1">
        <p id={`${id}-name`} className="truncate text-sm font-semibold text-text-1">
          {name}
        </p>
        <p className="truncate text-xs text-text-3">{detail}</p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={enabled}
        aria-labelledby={`${id}-name`}
        disabled={busy}
        onClick={() => onToggle(!enabled)}
        className={`relative h-6 w-11 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-60 ${enabled ? "bg-brand-600" : "bg-surface-3"}`}
      >
        <span
          aria-hidden="true"
          className={`absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white transition-transform ${enabled ? "translate-x-5" : ""}`}
        />
      </button>
      {/* A slot of the same width either way, so every row's switch lines up. */}
      <span className="flex h-8 w-8 shrink-0 items-center justify-center">
        {onDetach ? (
          <Button
            variant="ghost"
            size="icon"
            className="h-8 w-8"
            aria-label={`Detach ${name}`}
            onClick={onDetach}
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </Button>
        ) : null}
      </span>
    </li>
  );
}
