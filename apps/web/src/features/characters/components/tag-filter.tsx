import { cn } from "../../../components/ui/cn";
import type { TagCount } from "../lib/tags";

export type TagFilterProps = {
  tags: readonly TagCount[];
  /** The selected tag, or null for all. */
  selected: string | null;
  onSelect: (tag: string | null) => void;
  className?: string;
};

const chip =
  "relative inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full px-3.5 text-sm font-medium whitespace-nowrap ring-1 ring-inset transition-colors " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";
const chipOff = "bg-surface-1 text-text-2 ring-surface-3 hover:bg-surface-2 hover:text-text-1";
const chipOn = "bg-text-1 text-surface-0 ring-text-1";

/** A row of toggle chips ("All" plus one per tag); scrolls sideways on small screens. */
export function TagFilter({ tags, selected, onSelect, className }: TagFilterProps) {
  const selectedKey = selected?.toLowerCase() ?? null;
  const list = [...tags];
  // A tag from the URL that the loaded characters don't carry still gets a chip, so it can be cleared.
  if (selected && !list.some((t) => t.tag.toLowerCase() === selectedKey))
    list.unshift({ tag: selected, count: 0 });

  return (
    <fieldset className={cn("min-w-0", className)}>
      <legend className="sr-only">Filter by tag</legend>
      <div
        className={cn(
          "-mx-4 flex gap-2 overflow-x-auto px-4 py-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 [&::-webkit-scrollbar]:hidden",
        )}
      >
        <button
          type="button"
          aria-pressed={selectedKey === null}
          onClick={() => onSelect(null)}
          className={cn(chip, selectedKey === null ? chipOn : chipOff)}
        >
          All
        </button>
        {list.map(({ tag, count }) => {
          const active = tag.toLowerCase() === selectedKey;
          return (
            <button
              key={tag.toLowerCase()}
              type="button"
              aria-pressed={active}
              onClick={() => onSelect(active ? null : tag)}
              className={cn(chip, active ? chipOn : chipOff)}
            >
              {tag}
              {count > 0 ? (
                <span className={cn("text-xs", active ? "opacity-80" : "text-text-3")}>
                  <span className="sr-only">(</span>
                  {count}
                  <span className="sr-only"> characters)</span>
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
