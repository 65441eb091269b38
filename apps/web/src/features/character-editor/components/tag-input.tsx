import { CHARACTER_LIMITS } from "@hearth/contracts";
import { X } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { cn } from "../../../components/ui/cn";
import { inputClasses } from "../../../components/ui/input";
import { addTags, removeTag } from "../lib/tag-list";

type TagInputProps = {
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  error?: string | null;
  disabled?: boolean;
};

/** Tags as removable chips; Enter or comma adds what was typed, Backspace on an empty box removes the last. */
export function TagInput({ tags, onChange, error, disabled }: TagInputProps) {
  const id = `tags-${useId()}`;
  const [draft, setDraft] = useState("");
  const [limitError, setLimitError] = useState<string | null>(null);
  const shownError = limitError ?? error ?? null;

  function commit(text: string) {
    const result = addTags(tags, text);
    setLimitError(result.error);
    if (result.tags.length !== tags.length) onChange(result.tags);
    setDraft("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      if (draft.trim()) commit(draft);
    } else if (event.key === "Backspace" && !draft && tags.length) {
      const last = tags[tags.length - 1];
      if (last) onChange(removeTag(tags, last));
      setLimitError(null);
    }
  }

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between">
        <label htmlFor={id} className="text-sm font-medium text-text-1">
          Tags
        </label>
        <span className="text-xs text-text-3 tabular-nums">
          {tags.length}/{CHARACTER_LIMITS.maxTags}
        </span>
      </div>
      <div
        className={cn(
          inputClasses,
          "flex min-h-11 flex-wrap items-center gap-1.5 py-1.5 focus-within:border-brand-400",
          shownError && "border-danger",
        )}
      >
        {tags.length > 0 ? (
          <ul aria-label="Selected tags" className="contents">
            {tags.map((tag) => (
              <li
                key={tag}
                className="inline-flex items-center gap-1 rounded-full bg-brand-500/15 py-0.5 pr-1 pl-2.5 text-xs font-medium text-text-1 ring-1 ring-brand-500/30"
              >
                {tag}
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => {
                    onChange(removeTag(tags, tag));
                    setLimitError(null);
                  }}
                  aria-label={`Remove tag ${tag}`}
                  className="rounded-full p-0.5 text-text-2 hover:bg-surface-3 hover:text-text-1 focus-visible:outline-2 focus-visible:outline-brand-400"
                >
                  <X aria-hidden="true" className="h-3 w-3" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          id={id}
          value={draft}
          disabled={disabled}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => (draft.trim() ? commit(draft) : undefined)}
          placeholder={tags.length ? "Add another tag" : "Fantasy, Romance, Adventure…"}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${id}-help`}
          className="min-w-32 flex-1 bg-transparent py-1 text-sm text-text-1 outline-none placeholder:text-text-3"
        />
      </div>
      {shownError ? (
        <p id={`${id}-help`} role="alert" className="text-xs font-medium text-danger">
          {shownError}
        </p>
      ) : (
        <p id={`${id}-help`} className="text-xs text-text-3">
          Press Enter or comma to add a tag. Up to {CHARACTER_LIMITS.maxTags} tags.
        </p>
      )}
    </div>
  );
}
