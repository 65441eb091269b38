import { TRANSFER_LIMITS } from "@hearth/contracts";
import { FileUp, Search } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Dialog } from "../../../components/ui/dialog";
import { inputClasses } from "../../../components/ui/input";
import { ApiError } from "../../../lib/api-client";
import { useImportChat } from "../api/import-chat";
import { useCharacterChoices } from "../hooks/use-character-choices";

export const IMPORT_TEXT = {
  button: "Import chat",
  title: "Import a chat",
  description: "Bring a chat from SillyTavern (.jsonl) or another Hearth (.json) into a new conversation.",
  file: "Chat file",
  fileHint: "SillyTavern chat (.jsonl) or Hearth chat (.json), up to 20 MB.",
  character: "Chat with",
  search: "Search characters",
  noFile: "Choose a chat file.",
  noCharacter: "Choose a character for the chat.",
  tooLarge: "The file is too large; the limit is 20 MB.",
  noChoices: "No characters found. Search by name.",
  submit: "Import",
} as const;

type Errors = { file?: string; character_id?: string; form?: string };

/** The file's name without its extensions, as the new chat's title. */
const titleOf = (name: string) => name.replace(/(\.hearth)?\.(jsonl|json)$/i, "").slice(0, 100);

/**
 * 'Import chat' on the saved chats page: a file and a character the member may chat with; the new
 * conversation opens once it is saved. The server's refusals show on their fields.
 */
export function ImportChatButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className={className} onClick={() => setOpen(true)}>
        <FileUp aria-hidden="true" className="h-4 w-4" />
        {IMPORT_TEXT.button}
      </Button>
      {open ? <ImportChatDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

export function ImportChatDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const importChat = useImportChat();
  const [file, setFile] = useState<File | null>(null);
  const [search, setSearch] = useState("");
  const [characterId, setCharacterId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const { choices, loading } = useCharacterChoices(search, true);
  const ids = { file: useId(), search: useId(), characters: useId(), form: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {};
    if (!file) next.file = IMPORT_TEXT.noFile;
    else if (file.size > TRANSFER_LIMITS.importMaxBytes) next.file = IMPORT_TEXT.tooLarge;
    if (!characterId) next.character_id = IMPORT_TEXT.noCharacter;
    setErrors(next);
    if (!file || !characterId || Object.keys(next).length > 0) return;
    try {
      const text = await file.text();
      const result = await importChat.mutateAsync({
        character_id: characterId,
        file: text,
        label: titleOf(file.name) || undefined,
      });
      onClose();
      navigate(`/chat/${result.character_id}/${result.conversation_id}`);
    } catch (error) {
      if (error instanceof ApiError && (error.fields.file || error.fields.character_id)) {
        setErrors({ file: error.fields.file, character_id: error.fields.character_id });
      } else {
        setErrors({ form: error instanceof Error ? error.message : "Uh oh, something went wrong" });
      }
    }
  }

  const pending = importChat.isPending;
  return (
    <Dialog
      open
      onOpenChange={(next) => (next || pending ? undefined : onClose())}
      icon={<FileUp aria-hidden="true" className="h-5 w-5" />}
      title={IMPORT_TEXT.title}
      description={IMPORT_TEXT.description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={ids.form} loading={pending}>
            {IMPORT_TEXT.submit}
          </Button>
        </>
      }
    >
      <form
        id={ids.form}
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-5"
        aria-label={IMPORT_TEXT.title}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.file} className="text-sm font-medium text-text-1">
            {IMPORT_TEXT.file}
          </label>
          <input
            id={ids.file}
            type="file"
            accept=".jsonl,.json,application/json,application/x-ndjson"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={`${ids.file}-${errors.file ? "error" : "hint"}`}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setErrors((current) => ({ ...current, file: undefined, form: undefined }));
            }}
            className={cn(
              "block w-full min-w-0 rounded-xl border border-surface-3 bg-surface-2 text-sm text-text-2",
              "file:mr-3 file:h-10 file:cursor-pointer file:border-0 file:border-r file:border-surface-3 file:bg-surface-3 file:px-3.5 file:text-sm file:font-semibold file:text-text-1",
              "focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-400 aria-[invalid=true]:border-danger",
            )}
          />
          {errors.file ? (
            <p id={`${ids.file}-error`} className="text-xs break-words text-danger">
              {errors.file}
            </p>
          ) : (
            <p id={`${ids.file}-hint`} className="text-xs text-text-3">
              {IMPORT_TEXT.fileHint}
            </p>
          )}
        </div>

        <fieldset
          className="flex min-w-0 flex-col gap-2"
          aria-describedby={errors.character_id ? `${ids.characters}-error` : undefined}
        >
          <legend className="mb-1.5 text-sm font-medium text-text-1">{IMPORT_TEXT.character}</legend>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-text-3"
            />
            <label htmlFor={ids.search} className="sr-only">
              {IMPORT_TEXT.search}
            </label>
            <input
              id={ids.search}
              type="search"
              value={search}
              placeholder={IMPORT_TEXT.search}
              onChange={(event) => setSearch(event.target.value)}
              onKeyDown={(event) => {
                // Enter searches as typing does; it does not submit the import.
                if (event.key === "Enter") event.preventDefault();
              }}
              className={cn(inputClasses, "pl-9")}
            />
          </div>
          <div
            id={ids.characters}
            className="flex max-h-60 flex-col gap-1 overflow-y-auto rounded-xl border border-surface-3 p-1"
            aria-busy={loading || undefined}
          >
            {choices.length === 0 ? (
              <p className="px-3 py-2 text-sm text-text-3">
                {loading ? "Loading characters…" : IMPORT_TEXT.noChoices}
              </p>
            ) : (
              choices.map((choice) => (
                <label
                  key={choice.id}
                  className={cn(
                    "flex cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2 text-sm",
                    "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-400",
                    characterId === choice.id
                      ? "bg-brand-500/15 ring-1 ring-brand-400/60"
                      : "hover:bg-surface-2",
                  )}
                >
                  <input
                    type="radio"
                    name="character"
                    value={choice.id}
                    checked={characterId === choice.id}
                    onChange={() => {
                      setCharacterId(choice.id);
                      setErrors((current) => ({ ...current, character_id: undefined, form: undefined }));
                    }}
                    className="h-4 w-4 shrink-0 accent-brand-500"
                  />
                  <span
                    aria-hidden="true"
                    className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-surface-3 font-bold text-text-1"
                  >
                    {choice.name.slice(0, 1).toUpperCase()}
                  </span>
                  <span className="min-w-0">
                    <span className="block truncate font-semibold text-text-1">{choice.name}</span>
                    {choice.title ? (
                      <span className="block truncate text-xs text-text-3">{choice.title}</span>
                    ) : null}
                  </span>
                </label>
              ))
            )}
          </div>
          {errors.character_id ? (
            <p id={`${ids.characters}-error`} className="text-xs text-danger">
              {errors.character_id}
            </p>
          ) : null}
        </fieldset>
        {errors.form ? <Alert>{errors.form}</Alert> : null}
      </form>
    </Dialog>
  );
}
