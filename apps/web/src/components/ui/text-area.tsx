import { type ReactNode, type TextareaHTMLAttributes, useId } from "react";
import { cn } from "./cn";
import { inputClasses } from "./input";

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  /** Shows "length / max" under the field (the limit itself is checked by the form's schema). */
  counterMax?: number;
  id?: string;
};

/** Labelled multi-line input with hint, character counter and error message. */
export function TextArea({ label, error, hint, counterMax, id, className, value, ...rest }: TextAreaProps) {
  const generated = useId();
  const inputId = id ?? `field-${generated}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const length = typeof value === "string" ? value.length : 0;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-text-1">
        {label}
      </label>
      <textarea
        id={inputId}
        value={value}
        className={cn(inputClasses, "min-h-28 resize-y leading-relaxed")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : hintId}
        {...rest}
      />
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          {error ? (
            <p id={errorId} className="text-xs font-medium text-danger">
              {error}
            </p>
          ) : hint ? (
            <p id={hintId} className="text-xs text-text-3">
              {hint}
            </p>
          ) : null}
        </div>
        {counterMax !== undefined ? (
          <p
            aria-hidden="true"
            className={cn(
              "shrink-0 text-xs tabular-nums",
              length > counterMax ? "text-danger" : "text-text-3",
            )}
          >
            {length} / {counterMax}
          </p>
        ) : null}
      </div>
    </div>
  );
}
