import type { ReactNode } from "react";
import { useId } from "react";

/** A checkbox with its label and an error message announced with it. */
export function CheckboxField({
  checked,
  onChange,
  error,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-500"
        />
        <label htmlFor={id} className="text-sm text-text-1">
          {children}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="pl-7 text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
