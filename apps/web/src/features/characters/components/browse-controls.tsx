import { CHARACTER_LIMITS, type CharacterSort } from "@hearth/contracts";
import { Search, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { cn } from "../../../components/ui/cn";

/** Delay between the last keystroke and the search running. */
export const SEARCH_DEBOUNCE_MS = 350;

type SearchBoxProps = {
  /** The committed search (from the URL). */
  value: string;
  /** Called after typing pauses, and at once on Enter or clear. */
  onSearch: (value: string) => void;
  label?: string;
  placeholder?: string;
  className?: string;
};

/** A search field that reports its text once typing pauses. */
export function SearchBox({
  value,
  onSearch,
  label = "Search characters",
  placeholder = "Search by name, title or tag",
  className,
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const committed = useRef(value);

  // A new URL value (back button, tag link) replaces what is typed.
  useEffect(() => {
    committed.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (text.trim() === committed.current.trim()) return;
    const timer = window.setTimeout(() => {
      committed.current = text;
      onSearchRef.current(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  function commitNow(next: string) {
    committed.current = next;
    setText(next);
    onSearchRef.current(next.trim());
  }

  return (
    <form
      aria-label={label}
      className={cn("relative", className)}
      onSubmit={(event) => {
        event.preventDefault();
        commitNow(text);
      }}
    >
      <label htmlFor="character-search" className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3.5 h-4 w-4 -translate-y-1/2 text-text-3"
      />
      <input
        id="character-search"
        type="search"
        value={text}
        maxLength={CHARACTER_LIMITS.searchMax}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        className={cn(
          "h-11 w-full rounded-xl border border-surface-3 bg-surface-1 pr-10 pl-10 text-sm text-text-1",
          "placeholder:text-text-3 focus:border-brand-400 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-400",
          "[&::-webkit-search-cancel-button]:hidden",
        )}
      />
      {text ? (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => commitNow("")}
          className="absolute top-1/2 right-2 flex h-7 w-7 -translate-y-1/2 items-center justify-center rounded-lg text-text-3 hover:bg-surface-2 hover:text-text-1 focus-visible:outline-2 focus-visible:outline-brand-400"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      ) : null}
    </form>
  );
}

export const SORT_LABELS: Record<CharacterSort, string> = {
  popular: "Popular",
  newest: "Newest",
  rating: "Top rated",
};

/** Segmented radio group choosing the sort order (arrow keys move between the options). */
export function SortTabs({
  value,
  onChange,
}: {
  value: CharacterSort;
  onChange: (sort: CharacterSort) => void;
}) {
  return (
    <fieldset className="inline-flex shrink-0 rounded-xl bg-surface-1 p-1 ring-1 ring-surface-3">
      <legend className="sr-only">Sort by</legend>
      {(Object.keys(SORT_LABELS) as CharacterSort[]).map((sort) => (
        <label
          key={sort}
          className={cn(
            "flex h-9 cursor-pointer items-center rounded-lg px-3 text-sm font-semibold transition-colors",
            "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-400",
            value === sort ? "bg-surface-3 text-text-1" : "text-text-3 hover:text-text-1",
          )}
        >
          <input
            type="radio"
            name="character-sort"
            value={sort}
            checked={value === sort}
            onChange={() => onChange(sort)}
            className="sr-only"
          />
          {SORT_LABELS[sort]}
        </label>
      ))}
    </fieldset>
  );
}
