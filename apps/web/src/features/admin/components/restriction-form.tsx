import {
  type AdminRestrictionUpdate,
  type AdminUser,
  adminRestrictionUpdateSchema,
  type Restriction,
} from "@hearth/contracts";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useSetRestriction } from "../../../api/admin";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { inputClasses } from "../../../components/ui/input";
import { formatDateTime, localInputToIso, toLocalInputValue } from "../lib/format";

type Choice = Restriction | "none";

const CHOICES: readonly { value: Choice; label: string; description: string }[] = [
  { value: "none", label: "No restriction", description: "Full access for the member's plan." },
  {
    value: "limited_access",
    label: "Limited access",
    description: "Can visit the site; every gated page shows the ban notice.",
  },
  {
    value: "temporary_restriction",
    label: "Temporary restriction",
    description: "Locked to the restriction screen until the end time.",
  },
  {
    value: "complete_restriction",
    label: "Complete restriction",
    description: "Locked to the restriction screen until lifted.",
  },
];

export const RESTRICTION_LABELS: Record<Restriction, string> = {
  limited_access: "Limited access",
  temporary_restriction: "Temporarily restricted",
  complete_restriction: "Completely restricted",
};

/** The body for a choice, checked with the contracts' schema (a temporary one needs a future end). */
export function restrictionBody(
  choice: Choice,
  endsAtLocal: string,
): { ok: true; body: AdminRestrictionUpdate } | { ok: false; error: string } {
  const raw =
    choice === "none"
      ? { restriction: null }
      : choice === "temporary_restriction"
        ? { restriction: choice, ends_at: localInputToIso(endsAtLocal) ?? "" }
        : { restriction: choice };
  const parsed = adminRestrictionUpdateSchema.safeParse(raw);
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, error: parsed.error.issues[0]?.message ?? "Check the restriction" };
}

/** Set limited_access, a temporary restriction with its end, or a complete restriction; or lift it. */
export function RestrictionForm({ user }: { user: AdminUser }) {
  const id = useId();
  const mutation = useSetRestriction(user.id);
  const current: Choice = user.restriction ?? "none";
  const [choice, setChoice] = useState<Choice>(current);
  const [endsAt, setEndsAt] = useState(() =>
    toLocalInputValue(
      user.restriction_ends_at ? Date.parse(user.restriction_ends_at) : Date.now() + 7 * 86_400_000,
    ),
  );
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  useEffect(() => {
    setChoice(user.restriction ?? "none");
    if (user.restriction_ends_at) setEndsAt(toLocalInputValue(Date.parse(user.restriction_ends_at)));
  }, [user.restriction, user.restriction_ends_at]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const result = restrictionBody(choice, endsAt);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    mutation.mutate(result.body, {
      onSuccess: (updated) =>
        setSaved(
          updated.restriction
            ? `Saved: ${RESTRICTION_LABELS[updated.restriction]}${updated.restriction_ends_at ? ` until ${formatDateTime(updated.restriction_ends_at)}` : ""}.`
            : "Restriction lifted.",
        ),
      onError: (e) => setError(e.message),
    });
  };

  const unchanged =
    choice === current &&
    (choice !== "temporary_restriction" ||
      (user.restriction_ends_at !== null &&
        localInputToIso(endsAt) === new Date(Date.parse(user.restriction_ends_at)).toISOString()));

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-text-1">
        Restriction
      </h3>
      <fieldset className="grid gap-2 sm:grid-cols-2">
        <legend className="sr-only">Restriction</legend>
        {CHOICES.map((option) => (
          <label
            key={option.value}
            className={cn(
              "flex cursor-pointer items-start gap-2.5 rounded-xl border px-3 py-2.5 text-sm",
              "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-400",
              choice === option.value ? "border-brand-400 bg-brand-500/10" : "border-surface-3 bg-surface-2",
            )}
          >
            <input
              type="radio"
              name={`${id}-restriction`}
              value={option.value}
              checked={choice === option.value}
              onChange={() => setChoice(option.value)}
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-500 focus:outline-none"
            />
            <span className="flex flex-col">
              <span className="font-semibold text-text-1">{option.label}</span>
              <span className="text-xs text-text-2">{option.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {choice === "temporary_restriction" ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-ends`} className="text-sm font-medium text-text-1">
            Restricted until
          </label>
          <input
            id={`${id}-ends`}
            type="datetime-local"
            value={endsAt}
            onChange={(e) => setEndsAt(e.target.value)}
            className={cn(inputClasses, "sm:max-w-xs")}
          />
        </div>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      {saved ? <Alert tone="success">{saved}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={mutation.isPending} disabled={unchanged}>
          {choice === "none" && current !== "none" ? "Lift restriction" : "Save restriction"}
        </Button>
      </div>
    </form>
  );
}
