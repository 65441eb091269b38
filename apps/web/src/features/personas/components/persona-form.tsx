import { PERSONA_LIMITS, type Persona, type PersonaBody, personaBodySchema } from "@hearth/contracts";
import { type FormEvent, useState } from "react";
import { uploadAvatarUrl } from "../../../api/uploads";
import { Alert } from "../../../components/ui/alert";
import { AvatarField } from "../../../components/ui/avatar-field";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { TextField } from "../../../components/ui/input";
import { TextArea } from "../../../components/ui/text-area";
import { type FieldErrors, fieldErrorsFromZod, splitApiError } from "../../../lib/field-errors";

const FIELDS = ["name", "highlights", "avatar_url", "is_default"] as const;

export type PersonaFormProps = {
  initial: Persona | null;
  submitLabel: string;
  cancelHref: string;
  /** Saves the validated body; rejects with the server's error. */
  onSubmit: (body: PersonaBody) => Promise<unknown>;
  /** The first persona is always the default (the server makes it so); the box is then fixed. */
  forceDefault?: boolean;
};

/** Name, avatar, highlights and the default flag; validated with the contracts' persona schema. */
export function PersonaForm({
  initial,
  submitLabel,
  cancelHref,
  onSubmit,
  forceDefault = false,
}: PersonaFormProps) {
  const [name, setName] = useState(initial?.name ?? "");
  const [highlights, setHighlights] = useState(initial?.highlights ?? "");
  const [avatarUrl, setAvatarUrl] = useState<string | null>(initial?.avatar_url ?? null);
  const [isDefault, setIsDefault] = useState(initial?.is_default ?? forceDefault);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The default can't be unset here: another persona has to be made the default instead.
  const defaultLocked = forceDefault || Boolean(initial?.is_default);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = personaBodySchema.safeParse({
      name,
      highlights,
      avatar_url: avatarUrl,
      is_default: isDefault,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      const { fields, message } = splitApiError(error, FIELDS);
      setErrors(fields);
      setFormError(message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card className="p-5 sm:p-8">
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-6">
        <AvatarField
          label="Avatar"
          value={avatarUrl}
          name={name || "?"}
          onChange={setAvatarUrl}
          upload={uploadAvatarUrl}
          disabled={saving}
        />
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          hint="The name characters will call you."
          autoComplete="off"
          required
        />
        <TextArea
          label="Highlights"
          value={highlights}
          onChange={(e) => setHighlights(e.target.value)}
          error={errors.highlights}
          hint="1-2 sentences characters should know about you, e.g. your look, job or mood."
          counterMax={PERSONA_LIMITS.highlightsMax}
          rows={4}
        />
        <label className="flex items-start gap-3 rounded-xl border border-surface-3 bg-surface-2/60 p-3.5 text-sm">
          <input
            type="checkbox"
            checked={isDefault}
            disabled={defaultLocked}
            onChange={(e) => setIsDefault(e.target.checked)}
            className="mt-0.5 h-4 w-4 shrink-0 accent-brand-500"
          />
          <span>
            <span className="font-medium text-text-1">Use as my default persona</span>
            <span className="mt-0.5 block text-text-3">
              {defaultLocked
                ? "This is your default persona. To change it, make another persona the default."
                : "New chats start with the default persona."}
            </span>
          </span>
        </label>
        {formError ? <Alert>{formError}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <ButtonLink to={cancelHref} variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
