import type { GroupMode } from "@hearth/contracts";
import { useId } from "react";
import { cn } from "../../../components/ui/cn";

/** Who answers: the group's modes as a radio group (arrow keys move between them). */
export function ModeChoice({
  value,
  onChange,
  modes,
  labels,
  disabled,
}: {
  value: GroupMode;
  onChange: (mode: GroupMode) => void;
  modes: readonly GroupMode[];
  labels: Record<GroupMode, { label: string; hint: string }>;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold text-text-1">Who answers</legend>
      {modes.map((mode) => (
        <label
          key={mode}
          className={cn(
            "flex cursor-pointer items-start gap-3 rounded-xl border px-3 py-2.5 transition-colors",
            "has-focus-visible:outline-2 has-focus-visible:outline-brand-400",
            value === mode ? "border-brand-400/60 bg-brand-500/10" : "border-surface-3 hover:bg-surface-2",
          )}
        >
          <input
            type="radio"
            name={name}
            value={mode}
            checked={value === mode}
            onChange={() => onChange(mode)}
            className="mt-1 accent-brand-500"
          />
          <span>
            <span className="block text-sm font-semibold text-text-1">{labels[mode].label}</span>
            <span className="block text-xs text-text-2">{labels[mode].hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
