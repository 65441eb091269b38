import {
  LOREBOOK_LIMITS,
  type LorebookDetail,
  type LorebookEntry,
  type LorebookEntryBody,
} from "@hearth/contracts";
import { ArrowLeft, Download, Pencil, Plus, Search, Trash2, TriangleAlert } from "lucide-react";
import { type FormEvent, useId, useMemo, useState } from "react";
import { useParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button, ButtonLink } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { SheetDialog } from "../../../components/ui/dialog";
import { inputClasses, TextField } from "../../../components/ui/input";
import { PageSpinner } from "../../../components/ui/spinner";
import { TextArea } from "../../../components/ui/text-area";
import { ApiError } from "../../../lib/api-client";
import { splitApiError } from "../../../lib/field-errors";
import {
  useAddEntry,
  useDeleteEntry,
  useExportLorebook,
  useLorebook,
  useSetEntriesEnabled,
  useUpdateEntry,
  useUpdateLorebook,
} from "../api/lorebooks";
import {
  ENTRY_SORT_LABELS,
  ENTRY_SORTS,
  type EntrySort,
  entryLabel,
  searchEntries,
  sortEntries,
} from "../lib/entries";
import { EntryForm, POSITION_LABELS } from "./entry-form";

/** `/lorebooks/{lorebookId}`: the book's settings and its entries. */
export function LorebookEditorPage() {
  const { lorebookId = "" } = useParams();
  const book = useLorebook(lorebookId);
  if (book.isPending) return <PageSpinner />;
  if (book.error) {
    const missing = book.error instanceof ApiError && book.error.status === 404;
    return (
      <div className="mx-auto flex w-full max-w-md flex-col items-center gap-4 px-6 py-16 text-center">
        <TriangleAlert aria-hidden="true" className="h-8 w-8 text-danger" />
        <h1 className="text-xl font-bold">
          {missing ? "Lorebook not found" : "We couldn't load this lorebook"}
        </h1>
        <p role="alert" className="text-sm text-text-2">
          {missing ? "It doesn't exist anymore, or it isn't yours." : book.error.message}
        </p>
        <ButtonLink to="/lorebooks" variant="secondary">
          Back to Lorebooks
        </ButtonLink>
      </div>
    );
  }
  return <Editor book={book.data} />;
}

function Editor({ book }: { book: LorebookDetail }) {
  const exporter = useExportLorebook();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 pt-6 pb-16 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-3">
        <ButtonLink to="/lorebooks" variant="ghost" size="sm" className="-ml-3 self-start">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Lorebooks
        </ButtonLink>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-extrabold tracking-tight text-text-1 sm:text-3xl">
              {book.name}
            </h1>
            <p className="mt-1 text-sm text-text-2">
              {book.entry_count} {book.entry_count === 1 ? "entry" : "entries"}
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => exporter.mutate({ id: book.id, name: book.name, format: "sillytavern" })}
            >
              <Download aria-hidden="true" className="h-4 w-4" />
              Export for SillyTavern
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => exporter.mutate({ id: book.id, name: book.name, format: "lorebook_v3" })}
            >
              <Download aria-hidden="true" className="h-4 w-4" />
              Export V3
            </Button>
          </div>
        </div>
      </header>
      {exporter.error ? <Alert>{exporter.error.message}</Alert> : null}
      {/* Entries first: what a member comes to edit; the book's settings beside them (below on phones). */}
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
        <Entries book={book} />
        <Settings key={book.updated_at} book={book} />
      </div>
    </div>
  );
}

const SETTINGS_FIELDS = ["name", "description", "scan_depth", "token_budget"] as const;

function Settings({ book }: { book: LorebookDetail }) {
  const update = useUpdateLorebook(book.id);
  const [name, setName] = useState(book.name);
  const [description, setDescription] = useState(book.description);
  const [scanDepth, setScanDepth] = useState(String(book.book.scan_depth));
  const [budget, setBudget] = useState(String(book.book.token_budget));
  const [recursive, setRecursive] = useState(book.book.recursive_scanning);
  const [allChats, setAllChats] = useState(book.all_chats);
  const failure = update.error ? splitApiError(update.error, SETTINGS_FIELDS) : null;
  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate({
      name,
      description,
      scan_depth: Number.parseInt(scanDepth, 10) || 0,
      token_budget: Number.parseInt(budget, 10) || 0,
      recursive_scanning: recursive,
      all_chats: allChats,
    });
  }
  return (
    <section
      aria-labelledby="book-settings"
      className="rounded-2xl border border-surface-3 bg-surface-1 p-4 sm:p-5"
    >
      <h2 id="book-settings" className="text-base font-bold text-text-1">
        Book settings
      </h2>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-4">
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={failure?.fields.name}
          maxLength={LOREBOOK_LIMITS.nameMax}
          required
        />
        <TextArea
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={failure?.fields.description}
          className="[&_textarea]:min-h-20"
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Scan depth"
            type="number"
            min={0}
            max={LOREBOOK_LIMITS.scanDepthMax}
            value={scanDepth}
            onChange={(e) => setScanDepth(e.target.value)}
            error={failure?.fields.scan_depth}
            hint="Newest messages scanned"
          />
          <TextField
            label="Token budget"
            type="number"
            min={0}
            max={LOREBOOK_LIMITS.tokenBudgetMax}
            value={budget}
            onChange={(e) => setBudget(e.target.value)}
            error={failure?.fields.token_budget}
            hint="For all its entries"
          />
        </div>
        <label className="inline-flex items-center gap-2 text-sm text-text-1">
          <input
            type="checkbox"
            checked={recursive}
            onChange={(e) => setRecursive(e.target.checked)}
            className="h-4 w-4 accent-brand-500"
          />
          Recursive scanning (entries can activate entries)
        </label>
        <label className="inline-flex items-center gap-2 text-sm text-text-1">
          <input
            type="checkbox"
            checked={allChats}
            onChange={(e) => setAllChats(e.target.checked)}
            className="h-4 w-4 accent-brand-500"
          />
          Use in all my chats
        </label>
        {failure?.message ? <Alert>{failure.message}</Alert> : null}
        {update.isSuccess ? <Alert tone="success">Settings saved.</Alert> : null}
        <Button type="submit" loading={update.isPending} className="self-start">
          Save settings
        </Button>
      </form>
    </section>
  );
}

type Editing = { kind: "new" } | { kind: "edit"; entry: LorebookEntry } | null;

function Entries({ book }: { book: LorebookDetail }) {
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<EntrySort>("order");
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<LorebookEntry | null>(null);
  const bulk = useSetEntriesEnabled(book.id);
  const id = useId();
  const entries = book.book.entries;
  const visible = useMemo(() => sortEntries(searchEntries(entries, search), sort), [entries, search, sort]);
  const chosen = visible.filter((entry) => selected.has(entry.id));
  const allChosen = visible.length > 0 && chosen.length === visible.length;

  function toggle(entryId: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(entryId);
      else next.delete(entryId);
      return next;
    });
  }
  function setEnabled(enabled: boolean) {
    if (chosen.length === 0) return;
    bulk.mutate(
      { entry_ids: chosen.map((entry) => entry.id), enabled },
      { onSuccess: () => setSelected(new Set()) },
    );
  }

  return (
    <section aria-labelledby="book-entries" className="flex min-w-0 flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="book-entries" className="text-base font-bold text-text-1">
          Entries
        </h2>
        <Button
          onClick={() => setEditing({ kind: "new" })}
          disabled={entries.length >= LOREBOOK_LIMITS.entriesMax}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add entry
        </Button>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={`${id}-search`} className="sr-only">
            Search entries
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 h-4 w-4 -translate-y-1/2 text-text-3"
          />
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search names, keys and content"
            autoComplete="off"
            className={`${inputClasses} pl-10`}
          />
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-sort`} className="shrink-0 text-sm text-text-2">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            value={sort}
            onChange={(e) => setSort(e.target.value as EntrySort)}
            className={`${inputClasses} sm:w-44`}
          >
            {ENTRY_SORTS.map((value) => (
              <option key={value} value={value}>
                {ENTRY_SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {entries.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 rounded-xl bg-surface-1 px-3 py-2">
          <label className="inline-flex items-center gap-2 text-sm text-text-1">
            <input
              type="checkbox"
              checked={allChosen}
              onChange={(e) =>
                setSelected(e.target.checked ? new Set(visible.map((entry) => entry.id)) : new Set())
              }
              className="h-4 w-4 accent-brand-500"
            />
            Select all shown
          </label>
          <span className="text-sm text-text-3" aria-live="polite">
            {chosen.length} selected
          </span>
          <div className="ml-auto flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              disabled={chosen.length === 0}
              loading={bulk.isPending && bulk.variables?.enabled === true}
              onClick={() => setEnabled(true)}
            >
              Enable
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={chosen.length === 0}
              loading={bulk.isPending && bulk.variables?.enabled === false}
              onClick={() => setEnabled(false)}
            >
              Disable
            </Button>
          </div>
        </div>
      ) : null}
      {bulk.error ? <Alert>{bulk.error.message}</Alert> : null}

      {entries.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-surface-3 px-6 py-12 text-center">
          <p className="font-semibold text-text-1">No entries yet</p>
          <p className="mt-1 text-sm text-text-2">
            Add one: its keys decide when the character learns its content.
          </p>
        </div>
      ) : visible.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-surface-3 px-6 py-10 text-center text-sm text-text-2">
          No entries match “{search.trim()}”.
        </p>
      ) : (
        <ul aria-label="Entries" className="flex flex-col gap-2">
          {visible.map((entry) => (
            <li
              key={entry.id}
              className="flex items-start gap-3 rounded-2xl border border-surface-3 bg-surface-1 p-3 sm:p-4"
            >
              <input
                type="checkbox"
                aria-label={`Select ${entryLabel(entry)}`}
                checked={selected.has(entry.id)}
                onChange={(e) => toggle(entry.id, e.target.checked)}
                className="mt-1 h-4 w-4 shrink-0 accent-brand-500"
              />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="truncate font-semibold text-text-1">{entryLabel(entry)}</span>
                  {entry.enabled ? null : <Badge variant="neutral">Disabled</Badge>}
                  {entry.constant ? <Badge variant="accent">Constant</Badge> : null}
                  {entry.use_regex ? <Badge variant="neutral">Regex</Badge> : null}
                </p>
                <p className="mt-0.5 truncate text-sm text-text-2">
                  {entry.keys.length > 0 ? entry.keys.join(", ") : "No keys"}
                </p>
                <p className="mt-0.5 text-xs text-text-3">
                  {POSITION_LABELS[entry.position]}
                  {entry.position === "at_depth" ? ` (${entry.depth})` : ""} · order {entry.insertion_order} ·
                  priority {entry.priority}
                  {entry.probability < 100 ? ` · ${entry.probability}%` : ""}
                </p>
              </div>
              <div className="flex shrink-0 gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Edit ${entryLabel(entry)}`}
                  onClick={() => setEditing({ kind: "edit", entry })}
                >
                  <Pencil aria-hidden="true" className="h-4 w-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete ${entryLabel(entry)}`}
                  onClick={() => setDeleting(entry)}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <EntryDialog bookId={book.id} editing={editing} onClose={() => setEditing(null)} />
      <DeleteEntryDialog bookId={book.id} entry={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function EntryDialog({
  bookId,
  editing,
  onClose,
}: {
  bookId: string;
  editing: Editing;
  onClose: () => void;
}) {
  const add = useAddEntry(bookId);
  const update = useUpdateEntry(bookId);
  const mutation = editing?.kind === "edit" ? update : add;
  const close = () => {
    add.reset();
    update.reset();
    onClose();
  };
  function submit(body: LorebookEntryBody) {
    if (editing?.kind === "edit") update.mutate({ entryId: editing.entry.id, body }, { onSuccess: close });
    else add.mutate(body, { onSuccess: close });
  }
  return (
    <SheetDialog
      open={editing !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={editing?.kind === "edit" ? `Edit ${entryLabel(editing.entry)}` : "New entry"}
      className="sm:w-[min(44rem,94vw)]"
    >
      {editing ? (
        <EntryForm
          key={editing.kind === "edit" ? editing.entry.id : "new"}
          entry={editing.kind === "edit" ? editing.entry : undefined}
          onSubmit={submit}
          onCancel={close}
          submitting={mutation.isPending}
          error={mutation.error}
          submitLabel={editing.kind === "edit" ? "Save entry" : "Add entry"}
        />
      ) : null}
    </SheetDialog>
  );
}

function DeleteEntryDialog({
  bookId,
  entry,
  onClose,
}: {
  bookId: string;
  entry: LorebookEntry | null;
  onClose: () => void;
}) {
  const remove = useDeleteEntry(bookId);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={entry !== null}
      icon={<Trash2 aria-hidden="true" className="h-5 w-5 text-danger" />}
      title={`Delete ${entry ? entryLabel(entry) : "entry"}?`}
      description="The entry is removed from this book for good."
      confirmLabel="Delete"
      danger
      pending={remove.isPending}
      error={remove.error?.message}
      onConfirm={() => {
        if (entry) remove.mutate(entry.id, { onSuccess: close });
      }}
      onClose={close}
    />
  );
}
