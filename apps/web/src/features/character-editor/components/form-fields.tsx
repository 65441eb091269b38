import { type ReactNode, type TextareaHTMLAttributes, useId } from "react";
import { cn } from "../../../components/ui/cn";
import { inputClasses } from "../../../components/ui/input";

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "value" | "onChange"> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  maxLength: number;
  hint?: ReactNode;
  error?: string | null;
};

/** Labelled multi-line field with a character counter, hint and error linked by aria-describedby. */
export function TextAreaField({
  label,
  value,
  onValueChange,
  maxLength,
  hint,
  error,
  className,
  rows = 4,
  ...rest
}: TextAreaFieldProps) {
  const id = `field-${useId()}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const over = value.length > maxLength;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-text-1">
          {label}
        </label>
        <span aria-hidden="true" className={cn("text-xs tabular-nums", over ? "text-danger" : "text-text-3")}>
          {value.length}/{maxLength}
        </span>
      </div>
      <textarea
        id={id}
        rows={rows}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
        className={cn(inputClasses, "min-h-24 resize-y leading-relaxed")}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className={cn("text-xs text-text-3", error && "sr-only")}>
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

type ToggleProps = {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
};

/** A switch (role="switch") with its label and a short description. */
export function Toggle({ label, description, checked, onChange, disabled }: ToggleProps) {
  const id = `toggle-${useId()}`;
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-surface-3 bg-surface-2/50 px-4 py-3">
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-text-1">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-xs text-text-3">
            {description}
          </p>
        ) : null}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          "relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-50",
          checked ? "bg-brand-600" : "bg-surface-3",
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            "inline-block h-5 w-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none",
            checked ? "translate-x-5.5" : "translate-x-0.5",
          )}
        />
      </button>
    </div>
  );
}

export type ChoiceOption<T extends string> = {
  value: T;
  label: string;
  description: string;
  icon: ReactNode;
};

/** Radio group drawn as selectable cards. */
export function ChoiceCards<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  disabled,
}: {
  legend: string;
  name: string;
  options: readonly ChoiceOption<T>[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-text-1">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-xl border px-3.5 py-3 transition-colors",
              "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400",
              value === option.value
                ? "border-brand-500 bg-brand-500/10"
                : "border-surface-3 bg-surface-2/50 hover:bg-surface-2",
              disabled && "cursor-not-allowed opacity-60",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            <span className={cn("mt-0.5", value === option.value ? "text-brand-400" : "text-text-3")}>
              {option.icon}
            </span>
            <span className="flex flex-col">
              <span className="text-sm font-semibold text-text-1">{option.label}</span>
              <span className="text-xs text-text-3">{option.description}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
