import {
  LORE_POSITIONS,
  LOREBOOK_DEFAULTS,
  LOREBOOK_LIMITS,
  type LorebookEntry,
  type LorebookEntryBody,
  type LorePosition,
  SELECTIVE_LOGICS,
  type SelectiveLogic,
} from "@hearth/contracts";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { inputClasses, TextField } from "../../../components/ui/input";
import { TextArea } from "../../../components/ui/text-area";
import { splitApiError } from "../../../lib/field-errors";
import { formatKeys, parseKeys } from "../lib/entries";

export const LOGIC_LABELS: Record<SelectiveLogic, string> = {
  and_any: "AND ANY of them",
  and_all: "AND ALL of them",
  not_any: "NOT ANY of them",
  not_all: "NOT ALL of them",
};

export const POSITION_LABELS: Record<LorePosition, string> = {
  before_char: "Before the character definition",
  after_char: "After the character definition",
  at_depth: "In the history, at a depth",
};

type Draft = {
  name: string;
  keys: string;
  secondaryKeys: string;
  logic: SelectiveLogic;
  useRegex: boolean;
  caseSensitive: boolean;
  wholeWords: boolean;
  content: string;
  enabled: boolean;
  constant: boolean;
  order: string;
  priority: string;
  position: LorePosition;
  depth: string;
  probability: string;
};

function draftOf(entry: Partial<LorebookEntry> | undefined): Draft {
  return {
    name: entry?.name ?? "",
    keys: formatKeys(entry?.keys ?? []),
    secondaryKeys: formatKeys(entry?.secondary_keys ?? []),
    logic: entry?.selective_logic ?? "and_any",
    useRegex: entry?.use_regex ?? false,
    caseSensitive: entry?.case_sensitive ?? false,
    wholeWords: entry?.match_whole_words ?? false,
    content: entry?.content ?? "",
    enabled: entry?.enabled ?? true,
    constant: entry?.constant ?? false,
    order: String(entry?.insertion_order ?? LOREBOOK_DEFAULTS.insertionOrder),
    priority: String(entry?.priority ?? LOREBOOK_DEFAULTS.priority),
    position: entry?.position ?? "before_char",
    depth: String(entry?.depth ?? LOREBOOK_DEFAULTS.depth),
    probability: String(entry?.probability ?? LOREBOOK_DEFAULTS.probability),
  };
}

const integer = (text: string, fallback: number) => {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) ? value : fallback;
};

function bodyOf(draft: Draft, extensions: Record<string, unknown> | undefined): LorebookEntryBody {
  return {
    name: draft.name.trim(),
    keys: parseKeys(draft.keys),
    secondary_keys: parseKeys(draft.secondaryKeys),
    selective_logic: draft.logic,
    use_regex: draft.useRegex,
    case_sensitive: draft.caseSensitive,
    match_whole_words: draft.wholeWords,
    content: draft.content,
    enabled: draft.enabled,
    constant: draft.constant,
    insertion_order: integer(draft.order, LOREBOOK_DEFAULTS.insertionOrder),
    priority: integer(draft.priority, LOREBOOK_DEFAULTS.priority),
    position: draft.position,
    depth: integer(draft.depth, LOREBOOK_DEFAULTS.depth),
    probability: integer(draft.probability, LOREBOOK_DEFAULTS.probability),
    extensions: extensions ?? {},
  };
}

const FIELDS = [
  "name",
  "keys",
  "secondary_keys",
  "content",
  "insertion_order",
  "priority",
  "depth",
  "probability",
] as const;

/**
 * One entry's fields. Keys are a comma-separated list; Enter in a one-line field submits, Escape cancels
 * (the dialog or the editor's panel closes).
 */
export function EntryForm({
  entry,
  onSubmit,
  onCancel,
  submitting,
  error,
  submitLabel,
  before,
  autoFocus = "keys",
}: {
  entry?: Partial<LorebookEntry>;
  onSubmit: (body: LorebookEntryBody) => void;
  onCancel: () => void;
  submitting: boolean;
  error: unknown;
  submitLabel: string;
  /** Fields shown first (the book choice of 'Add to lorebook'). */
  before?: ReactNode;
  autoFocus?: "keys" | "name" | "none";
}) {
  const [draft, setDraft] = useState(() => draftOf(entry));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const failure = error ? splitApiError(error, FIELDS) : null;
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(bodyOf(draft, entry?.extensions));
  }
  return (
    <form
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onCancel();
        }
      }}
      className="flex flex-col gap-4"
      aria-label="Lorebook entry"
    >
      {before}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          value={draft.name}
          onChange={(event) => set("name", event.target.value)}
          error={failure?.fields.name}
          maxLength={LOREBOOK_LIMITS.entryNameMax}
          autoFocus={autoFocus === "name"}
          hint="Only for you: shown in the editor and the prompt inspector."
        />
        <TextField
          label="Keys"
          value={draft.keys}
          onChange={(event) => set("keys", event.target.value)}
          error={failure?.fields.keys}
          autoFocus={autoFocus === "keys"}
          hint="Comma-separated. Any of them written in the chat activates the entry."
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <TextField
          label="Secondary keys"
          value={draft.secondaryKeys}
          onChange={(event) => set("secondaryKeys", event.target.value)}
          error={failure?.fields.secondary_keys}
          hint="Optional, comma-separated, combined with a key match by the logic."
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-logic`} className="text-sm font-medium text-text-1">
            Secondary logic
          </label>
          <select
            id={`${id}-logic`}
            value={draft.logic}
            onChange={(event) => set("logic", event.target.value as SelectiveLogic)}
            className={inputClasses}
          >
            {SELECTIVE_LOGICS.map((logic) => (
              <option key={logic} value={logic}>
                {LOGIC_LABELS[logic]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="flex flex-wrap gap-x-5 gap-y-2">
        <legend className="sr-only">Matching</legend>
        <Check label="Regular expressions" checked={draft.useRegex} onChange={(v) => set("useRegex", v)} />
        <Check
          label="Case-sensitive"
          checked={draft.caseSensitive}
          onChange={(v) => set("caseSensitive", v)}
        />
        <Check label="Whole words" checked={draft.wholeWords} onChange={(v) => set("wholeWords", v)} />
        <Check label="Enabled" checked={draft.enabled} onChange={(v) => set("enabled", v)} />
        <Check label="Constant (always in)" checked={draft.constant} onChange={(v) => set("constant", v)} />
      </fieldset>
      <TextArea
        label="Content"
        value={draft.content}
        onChange={(event) => set("content", event.target.value)}
        error={failure?.fields.content}
        counterMax={LOREBOOK_LIMITS.contentMax}
        hint="What the character is told when the entry is active."
      />
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <div className="col-span-2 flex flex-col gap-1.5 sm:col-span-1">
          <label htmlFor={`${id}-position`} className="text-sm font-medium text-text-1">
            Position
          </label>
          <select
            id={`${id}-position`}
            value={draft.position}
            onChange={(event) => set("position", event.target.value as LorePosition)}
            className={inputClasses}
          >
            {LORE_POSITIONS.map((position) => (
              <option key={position} value={position}>
                {POSITION_LABELS[position]}
              </option>
            ))}
          </select>
        </div>
        <NumberField
          label="Depth"
          value={draft.depth}
          onChange={(v) => set("depth", v)}
          error={failure?.fields.depth}
          min={0}
          max={LOREBOOK_LIMITS.depthMax}
          disabled={draft.position !== "at_depth"}
        />
        <NumberField
          label="Order"
          value={draft.order}
          onChange={(v) => set("order", v)}
          error={failure?.fields.insertion_order}
        />
        <NumberField
          label="Priority"
          value={draft.priority}
          onChange={(v) => set("priority", v)}
          error={failure?.fields.priority}
        />
        <NumberField
          label="Probability %"
          value={draft.probability}
          onChange={(v) => set("probability", v)}
          error={failure?.fields.probability}
          min={0}
          max={100}
        />
      </div>
      {failure?.message ? <Alert>{failure.message}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-text-1">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="h-4 w-4 accent-brand-500"
      />
      {label}
    </label>
  );
}

function NumberField({
  label,
  value,
  onChange,
  error,
  min,
  max,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  min?: number;
  max?: number;
  disabled?: boolean;
}) {
  return (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      value={value}
      min={min}
      max={max}
      step={1}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
