import { ANNUAL_TAGLINE, type BillingFrequency } from "@hearth/contracts";
import { type KeyboardEvent, useRef } from "react";
import { cn } from "../../../components/ui/cn";
import { FREQUENCY_LABELS } from "../lib/plans";

/**
 * Monthly / Annual tabs (a tablist with arrow-key movement); the annual tab carries the discount label.
 * `panelId` is the element the tabs control.
 */
export function FrequencyTabs({
  value,
  onChange,
  panelId,
  idPrefix,
  label = "Billing period",
  className,
}: {
  value: BillingFrequency;
  onChange: (value: BillingFrequency) => void;
  panelId: string;
  idPrefix: string;
  label?: string;
  className?: string;
}) {
  const options: BillingFrequency[] = ["monthly", "annual"];
  const refs = useRef<Record<BillingFrequency, HTMLButtonElement | null>>({ monthly: null, annual: null });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const keys = ["ArrowLeft", "ArrowRight", "Home", "End"];
    if (!keys.includes(event.key)) return;
    event.preventDefault();
    const index = options.indexOf(value);
    const next =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? options.length - 1
          : (index + (event.key === "ArrowRight" ? 1 : -1) + options.length) % options.length;
    const frequency = options[next] ?? value;
    onChange(frequency);
    refs.current[frequency]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn(
        "inline-flex w-full max-w-md items-stretch gap-1 rounded-2xl border border-surface-3 bg-surface-1 p-1 sm:w-auto",
        className,
      )}
    >
      {options.map((option) => {
        const selected = option === value;
        return (
          <button
            key={option}
            ref={(node) => {
              refs.current[option] = node;
            }}
            id={tabId(idPrefix, option)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(option)}
            className={cn(
              "flex min-h-11 flex-1 flex-col items-center justify-center rounded-xl px-4 py-1.5 text-sm font-semibold transition-colors sm:flex-none sm:px-6",
              "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400",
              selected
                ? "bg-gradient-to-r from-brand-700 to-accent-600 text-white shadow-md shadow-brand-700/25"
                : "text-text-2 hover:bg-surface-2 hover:text-text-1",
            )}
          >
            {FREQUENCY_LABELS[option]}
            {option === "annual" ? (
              <span className={cn("text-[11px] font-medium", selected ? "text-white/90" : "text-text-3")}>
                {ANNUAL_TAGLINE}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

export function tabId(prefix: string, frequency: BillingFrequency): string {
  return `${prefix}-tab-${frequency}`;
}
