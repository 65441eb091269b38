import { LOREBOOK_LIMITS } from "@hearth/contracts";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { SheetDialog } from "../../../components/ui/dialog";
import { inputClasses } from "../../../components/ui/input";
import { useAddChatLoreEntry, useLorebooks } from "../api/lorebooks";
import { EntryForm } from "./entry-form";

const NEW_BOOK = "new";

/** A key suggestion from selected text: its first few words. */
export function suggestedKey(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .slice(0, 3)
    .join(" ")
    .replace(/[.,;:!?"“”]+$/u, "");
}

/** 'Add to lorebook': the selected text becomes an entry's content in a chosen book or a new one. */
export function AddToLorebookDialog({
  conversationId,
  text,
  onClose,
}: {
  conversationId: string;
  /** The selected text; null: closed. */
  text: string | null;
  onClose: () => void;
}) {
  const books = useLorebooks(text !== null);
  const add = useAddChatLoreEntry(conversationId);
  const [bookId, setBookId] = useState<string>(NEW_BOOK);
  const [newName, setNewName] = useState("Chat notes");
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  const close = () => {
    add.reset();
    setDone(null);
    onClose();
  };
  return (
    <SheetDialog
      open={text !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title="Add to lorebook"
      description="Confirm the keys: the entry joins the prompt when one of them is written."
      className="sm:w-[min(44rem,94vw)]"
    >
      {done ? (
        <Alert tone="success">{done}</Alert>
      ) : text !== null ? (
        <EntryForm
          entry={{ content: text, keys: [suggestedKey(text)].filter(Boolean), name: suggestedKey(text) }}
          submitting={add.isPending}
          error={add.error}
          submitLabel="Add entry"
          onCancel={close}
          onSubmit={(entry) =>
            add.mutate(
              bookId === NEW_BOOK ? { new_book_name: newName, entry } : { lorebook_id: bookId, entry },
              { onSuccess: (result) => setDone(`Added to ${result.lorebook.name}.`) },
            )
          }
          before={
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${id}-book`} className="text-sm font-medium text-text-1">
                  Book
                </label>
                <select
                  id={`${id}-book`}
                  value={bookId}
                  onChange={(event) => setBookId(event.target.value)}
                  className={inputClasses}
                >
                  <option value={NEW_BOOK}>A new book for this chat</option>
                  {(books.data ?? []).map((book) => (
                    <option key={book.id} value={book.id}>
                      {book.name}
                    </option>
                  ))}
                </select>
              </div>
              {bookId === NEW_BOOK ? (
                <div className="flex flex-col gap-1.5">
                  <label htmlFor={`${id}-name`} className="text-sm font-medium text-text-1">
                    New book's name
                  </label>
                  <input
                    id={`${id}-name`}
                    value={newName}
                    maxLength={LOREBOOK_LIMITS.nameMax}
                    onChange={(event) => setNewName(event.target.value)}
                    className={inputClasses}
                  />
                </div>
              ) : null}
            </div>
          }
        />
      ) : null}
    </SheetDialog>
  );
}
