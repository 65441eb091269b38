import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { cn } from "./cn";

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: ReactNode;
  /** Error message shown under the field; marks the input invalid. */
  error?: string | null;
  hint?: ReactNode;
  id?: string;
};

export const inputClasses =
  "block w-full rounded-xl border border-surface-3 bg-surface-2 px-3.5 py-2.5 text-sm text-text-1 " +
  "placeholder:text-text-3 transition-colors focus:border-brand-400 focus:outline-none " +
  "focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-400 " +
  "disabled:opacity-60 aria-[invalid=true]:border-danger";

/** Labelled input with hint and error message, linked via aria-describedby. */
export function TextField({ label, error, hint, id, className, ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? `field-${generated}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-text-1">
        {label}
      </label>
      <input
        id={inputId}
        className={inputClasses}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {hint && !error ? (
        <p id={hintId} className="text-xs text-text-3">
          {hint}
        </p>
      ) : null}
      {hint && error ? (
        <p id={hintId} className="sr-only">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
