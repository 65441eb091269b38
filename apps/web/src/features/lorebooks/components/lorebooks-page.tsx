import type { LorebookSummary } from "@hearth/contracts";
import { BookOpen, Download, FileUp, Plus, Trash2, TriangleAlert } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Dialog } from "../../../components/ui/dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { TextField } from "../../../components/ui/input";
import { splitApiError } from "../../../lib/field-errors";
import { useCreateLorebook, useDeleteLorebook, useExportLorebook, useLorebooks } from "../api/lorebooks";
import { readJsonFile } from "../lib/entries";

/** `/lorebooks`: the member's books: create, import a file, export, delete. */
export function LorebooksPage() {
  const books = useLorebooks();
  const create = useCreateLorebook();
  const exporter = useExportLorebook();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<LorebookSummary | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  async function importFile(file: File | undefined) {
    setImportError(null);
    if (!file) return;
    try {
      const parsed = await readJsonFile(file);
      const book = await create.mutateAsync({ file: parsed });
      navigate(`/lorebooks/${book.id}`);
    } catch (error) {
      setImportError(error instanceof Error ? error.message : "The file could not be imported.");
    } finally {
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 pt-6 pb-16 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight text-text-1 sm:text-3xl">Lorebooks</h1>
          <p className="mt-1 max-w-2xl text-sm text-text-2 sm:text-base">
            World info your characters remember: an entry joins the prompt when one of its keys is written in
            the chat.
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <input
            ref={fileInput}
            id="lorebook-import"
            type="file"
            accept="application/json,.json"
            aria-label="Lorebook file to import"
            tabIndex={-1}
            className="sr-only"
            onChange={(event) => void importFile(event.target.files?.[0])}
          />
          <Button
            variant="secondary"
            loading={create.isPending && create.variables?.file !== undefined}
            onClick={() => fileInput.current?.click()}
          >
            <FileUp aria-hidden="true" className="h-4 w-4" />
            Import
          </Button>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            New lorebook
          </Button>
        </div>
      </header>
      <p className="-mt-3 text-xs text-text-3">
        Import reads SillyTavern world info, V3 lorebooks and a card's character book (JSON).
      </p>

      {importError ? <Alert>{importError}</Alert> : null}
      {exporter.error ? <Alert>{exporter.error.message}</Alert> : null}

      {books.isPending ? (
        <div role="status" aria-label="Loading lorebooks" className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-20 animate-pulse rounded-2xl bg-surface-1" />
          ))}
        </div>
      ) : books.error ? (
        <EmptyState
          icon={<TriangleAlert aria-hidden="true" className="h-6 w-6 text-danger" />}
          title="We couldn't load your lorebooks"
          description={books.error.message}
          alert
          action={
            <Button variant="secondary" loading={books.isFetching} onClick={() => void books.refetch()}>
              Retry
            </Button>
          }
        />
      ) : books.data.length === 0 ? (
        <EmptyState
          icon={<BookOpen aria-hidden="true" className="h-6 w-6" />}
          title="No lorebooks yet"
          description="Create one, or import a SillyTavern world info or V3 lorebook file."
          action={
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              New lorebook
            </Button>
          }
        />
      ) : (
        <ul aria-label="Your lorebooks" className="flex flex-col gap-3">
          {books.data.map((book) => (
            <li
              key={book.id}
              className="flex flex-col gap-3 rounded-2xl border border-surface-3 bg-surface-1 p-4 sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1">
                <Link
                  to={`/lorebooks/${book.id}`}
                  className="block truncate text-base font-bold text-text-1 hover:text-link focus-visible:outline-2 focus-visible:outline-brand-400"
                >
                  {book.name}
                </Link>
                <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-text-3">
                  <span>
                    {book.entry_count} {book.entry_count === 1 ? "entry" : "entries"}
                  </span>
                  {book.all_chats ? <Badge variant="accent">All chats</Badge> : null}
                  {book.description ? <span className="truncate">{book.description}</span> : null}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Export ${book.name} for SillyTavern`}
                  onClick={() => exporter.mutate({ id: book.id, name: book.name, format: "sillytavern" })}
                >
                  <Download aria-hidden="true" className="h-4 w-4" />
                  SillyTavern
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Export ${book.name} as a V3 lorebook`}
                  onClick={() => exporter.mutate({ id: book.id, name: book.name, format: "lorebook_v3" })}
                >
                  <Download aria-hidden="true" className="h-4 w-4" />
                  V3
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete ${book.name}`}
                  onClick={() => setDeleting(book)}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <CreateLorebookDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => navigate(`/lorebooks/${id}`)}
      />
      <DeleteLorebookDialog book={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function CreateLorebookDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const create = useCreateLorebook();
  const [name, setName] = useState("");
  const failure = create.error ? splitApiError(create.error, ["name"]) : null;
  const close = () => {
    create.reset();
    setName("");
    onClose();
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ name }, { onSuccess: (book) => onCreated(book.id) });
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      icon={<BookOpen aria-hidden="true" className="h-5 w-5" />}
      title="New lorebook"
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={failure?.fields.name}
          autoFocus
          required
          maxLength={100}
        />
        {failure?.message ? <Alert>{failure.message}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteLorebookDialog({ book, onClose }: { book: LorebookSummary | null; onClose: () => void }) {
  const remove = useDeleteLorebook();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={book !== null}
      icon={<Trash2 aria-hidden="true" className="h-5 w-5 text-danger" />}
      title={`Delete ${book?.name ?? "lorebook"}?`}
      description="The book and its entries are removed from every chat for good. This can't be undone."
      confirmLabel="Delete"
      danger
      pending={remove.isPending}
      error={remove.error?.message}
      onConfirm={() => {
        if (book) remove.mutate(book.id, { onSuccess: close });
      }}
      onClose={close}
    />
  );
}
