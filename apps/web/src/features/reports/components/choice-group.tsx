import { useId } from "react";
import { cn } from "../../../components/ui/cn";

export type Choice<V extends string> = { value: V; label: string; description: string };

type ChoiceGroupProps<V extends string> = {
  legend: string;
  name: string;
  choices: readonly Choice<V>[];
  value: V | "";
  onChange: (value: V) => void;
  error?: string | null;
  /** Columns from the small breakpoint up. */
  columns?: 2 | 3;
};

/** A required radio group drawn as cards: arrow keys move between choices, the legend names the group. */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  error,
  columns = 2,
}: ChoiceGroupProps<V>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-text-1">{legend}</legend>
      <div className={cn("grid gap-2", columns === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2")}>
        {choices.map((choice) => {
          const inputId = `${id}-${choice.value.replaceAll(" ", "-")}`;
          const checked = value === choice.value;
          return (
            <label
              key={choice.value}
              htmlFor={inputId}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-xl border px-3.5 py-3 transition-colors",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-400",
                checked
                  ? "border-brand-400 bg-brand-500/10"
                  : error
                    ? "border-danger/60 bg-surface-2 hover:bg-surface-3"
                    : "border-surface-3 bg-surface-2 hover:bg-surface-3",
              )}
            >
              <input
                id={inputId}
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                onChange={() => onChange(choice.value)}
                aria-describedby={`${inputId}-hint`}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-500 focus:outline-none"
              />
              <span className="flex min-w-0 flex-col gap-0.5">
                <span className="text-sm font-semibold text-text-1">{choice.label}</span>
                <span id={`${inputId}-hint`} className="text-xs leading-snug text-text-2">
                  {choice.description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
