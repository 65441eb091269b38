import { type Me, PROFILE_LIMITS, ROLE_DISPLAY_NAMES } from "@hearth/contracts";
import { Crown, KeyRound, Sparkles } from "lucide-react";
import { useId } from "react";
import { Badge } from "../../../components/ui/badge";
import { ButtonLink } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { TextField } from "../../../components/ui/input";
import { TextArea } from "../../../components/ui/text-area";
import { UsernameAvailabilityNote } from "../../../components/ui/username-availability";
import { useUsernameAvailability } from "../../../lib/use-username-availability";
import type { ProfileForm } from "../hooks/use-profile-form";
import { benefitChips, PERMISSION_LABELS } from "../lib/profile-form";

type FieldProps = { form: ProfileForm };

export function UsernameInput({ form, ownUsername }: FieldProps & { ownUsername: string | null }) {
  const status = useUsernameAvailability(form.values.username, ownUsername);
  const noteId = useId();
  return (
    <div className="flex flex-col gap-1">
      <TextField
        label="Username"
        value={form.values.username}
        onChange={(e) => form.set("username", e.target.value)}
        error={form.errors.username}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        hint={`${PROFILE_LIMITS.usernameMin}-${PROFILE_LIMITS.usernameMax} characters: letters, digits, _ and -.`}
      />
      <UsernameAvailabilityNote id={noteId} status={status} />
    </div>
  );
}

export function NameInput({ form }: FieldProps) {
  return (
    <TextField
      label="Name"
      value={form.values.name}
      onChange={(e) => form.set("name", e.target.value)}
      error={form.errors.name}
      autoComplete="nickname"
      required
      hint="How you're shown to others."
    />
  );
}

export function HighlightsInput({ form }: FieldProps) {
  return (
    <TextArea
      label="Highlights"
      value={form.values.highlights}
      onChange={(e) => form.set("highlights", e.target.value)}
      error={form.errors.highlights}
      counterMax={PROFILE_LIMITS.highlightsMax}
      hint="1-2 sentences about you that characters can use."
      rows={3}
    />
  );
}

function Toggle({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-surface-3 bg-surface-2/50 p-3.5">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-text-1">
          {label}
        </label>
        <p id={`${id}-desc`} className="mt-0.5 text-xs text-text-3">
          {description}
        </p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-desc`}
        onClick={() => onChange(!checked)}
        className={cn(
          "relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400",
          checked ? "bg-brand-600" : "bg-surface-3",
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            "inline-block h-5 w-5 rounded-full bg-white shadow transition-transform",
            checked ? "translate-x-5.5" : "translate-x-0.5",
          )}
        />
      </button>
    </div>
  );
}

export function AdultToggles({ form }: FieldProps) {
  return (
    <div className="flex flex-col gap-3">
      <Toggle
        label="Show NSFW content"
        description="Include characters marked as adult (18+) in lists and search."
        checked={form.values.show_nsfw}
        onChange={(v) => form.set("show_nsfw", v)}
      />
      <Toggle
        label="Blur NSFW avatars"
        description="Blur the pictures of adult characters until you open them."
        checked={form.values.blur_nsfw_avatars}
        onChange={(v) => form.set("blur_nsfw_avatars", v)}
      />
    </div>
  );
}

const MODES: { value: Me["openai_mode"]; label: string; description: string }[] = [
  { value: "disabled", label: "Disabled", description: "Replies come from this site's models." },
  { value: "enabled", label: "Enabled", description: "Replies come from OpenAI, using your key." },
  {
    value: "hybrid",
    label: "Hybrid",
    description: "Your key first; this site's models take over when OpenAI refuses or is unreachable.",
  },
];

export function AdvancedFields({ form, me }: FieldProps & { me: Me }) {
  const hasSavedKey = me.has_openai_api_key && !form.values.remove_openai_key;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <TextField
          label="OpenAI API key"
          type="password"
          value={form.values.openai_api_key}
          onChange={(e) => form.set("openai_api_key", e.target.value)}
          error={form.errors.openai_api_key}
          autoComplete="off"
          spellCheck={false}
          placeholder={hasSavedKey ? "Type a new key to replace the saved one" : "sk-..."}
          hint={
            hasSavedKey
              ? `Saved key: ${me.openai_api_key_hint ?? "set"}. It's stored encrypted and never shown again.`
              : `Optional, up to ${PROFILE_LIMITS.openaiKeyMax} characters. Stored encrypted.`
          }
        />
        {me.has_openai_api_key ? (
          <label className="flex items-center gap-2 text-sm text-text-2">
            <input
              type="checkbox"
              checked={form.values.remove_openai_key}
              onChange={(e) => form.set("remove_openai_key", e.target.checked)}
              className="h-4 w-4 accent-brand-500"
            />
            Remove the saved key
          </label>
        ) : null}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 flex items-center gap-2 text-sm font-medium text-text-1">
          <KeyRound aria-hidden="true" className="h-4 w-4 text-text-3" />
          OpenAI mode
        </legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {MODES.map((mode) => {
            const checked = form.values.openai_mode === mode.value;
            return (
              <label
                key={mode.value}
                className={cn(
                  "flex cursor-pointer flex-col gap-1 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-400",
                  checked
                    ? "border-brand-500 bg-brand-500/10"
                    : "border-surface-3 bg-surface-2/50 hover:border-brand-500/50",
                )}
              >
                <span className="flex items-center gap-2 text-sm font-semibold text-text-1">
                  <input
                    type="radio"
                    name="openai-mode"
                    value={mode.value}
                    checked={checked}
                    onChange={() => form.set("openai_mode", mode.value)}
                    className="h-4 w-4 accent-brand-500"
                  />
                  {mode.label}
                </span>
                <span className="text-xs text-text-3">{mode.description}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}

export function PlanBadge({ role }: { role: Me["role"] }) {
  const paid = role === "minimal" || role === "basic" || role === "premium";
  return (
    <Badge variant={paid ? "brand" : "neutral"} className="gap-1">
      {paid ? <Crown aria-hidden="true" className="h-3 w-3" /> : null}
      {ROLE_DISPLAY_NAMES[role]}
    </Badge>
  );
}

/** Next to the plan badge: Upgrade for a free member, Manage subscription for a paid one. */
export function UpgradeLink({ role }: { role: Me["role"] }) {
  if (role === "minimal" || role === "basic" || role === "premium") {
    return (
      <ButtonLink to="/manage-subscription" variant="ghost" size="sm">
        Manage subscription
      </ButtonLink>
    );
  }
  if (role !== "free") return null;
  return (
    <ButtonLink to="/subscribe" variant="secondary" size="sm">
      <Sparkles aria-hidden="true" className="h-4 w-4 text-brand-400" />
      Upgrade
    </ButtonLink>
  );
}

export function BenefitChips({ me }: { me: Me }) {
  const chips = benefitChips(me.role, me.permissions);
  if (chips.length === 0) return null;
  return (
    <section aria-labelledby="benefits-heading" className="flex flex-col gap-2">
      <h2 id="benefits-heading" className="text-sm font-semibold text-text-1">
        Your Benefits
      </h2>
      <ul className="flex flex-wrap gap-1.5">
        {chips.map((permission) => (
          <li
            key={permission}
            className="rounded-full bg-surface-2 px-2.5 py-1 text-xs font-medium text-text-2 ring-1 ring-surface-3"
          >
            {PERMISSION_LABELS[permission]}
          </li>
        ))}
      </ul>
    </section>
  );
}
