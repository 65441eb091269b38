import { Globe, Link2, Lock, TriangleAlert } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useAppConfig } from "../../../api/config";
import { uploadAvatarUrl } from "../../../api/uploads";
import { AvatarField } from "../../../components/ui/avatar-field";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/input";
import { ApiError } from "../../../lib/api-client";
import { useCreateCharacter, useUpdateCharacter } from "../api/save-character";
import {
  type CharacterFormValues,
  changedFields,
  type EditableVisibility,
  FIELD_MAX,
  type FieldErrors,
  toCreateBody,
  validateCharacterForm,
} from "../lib/character-form";
import { ChoiceCards, type ChoiceOption, TextAreaField, Toggle } from "./form-fields";
import { TagInput } from "./tag-input";

const VISIBILITY_OPTIONS: readonly ChoiceOption<EditableVisibility>[] = [
  {
    value: "public",
    label: "Public",
    description: "Anyone can find and chat",
    icon: <Globe aria-hidden="true" className="h-4 w-4" />,
  },
  {
    value: "hidden",
    label: "Unlisted",
    description: "Only people with the link",
    icon: <Link2 aria-hidden="true" className="h-4 w-4" />,
  },
  {
    value: "private",
    label: "Private",
    description: "Only you",
    icon: <Lock aria-hidden="true" className="h-4 w-4" />,
  },
];

export type CharacterEditorProps = {
  mode: "create" | "edit";
  /** The character being edited (edit mode). */
  characterId?: string;
  initialValues: CharacterFormValues;
  /** True while the bot is under review: everything is read-only. */
  locked?: boolean;
  /** Above the form: moderation banner, draft notice. */
  banner?: ReactNode;
  /** Header actions: import (create) or export (edit). */
  actions?: ReactNode;
  /** Called on every change (drafts save from it). */
  onValuesChange?: (values: CharacterFormValues) => void;
  /** Called once the character exists, before going to its chat. */
  onCreated?: (id: string) => void;
};

/** The chatbot form for creating and editing; validation mirrors the server's. */
export function CharacterEditor({
  mode,
  characterId,
  initialValues,
  locked = false,
  banner,
  actions,
  onValuesChange,
  onCreated,
}: CharacterEditorProps) {
  const navigate = useNavigate();
  const { data: config } = useAppConfig();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateCharacter();
  const update = useUpdateCharacter(characterId ?? "");
  const saving = create.isPending || update.isPending;
  const adultBrand = config?.brand === "adult";
  const permanentlyPrivate = values.visibility === "permanently_private";
  // The edit route replaces history entries (chat spec 2).
  const replace = mode === "edit";

  const onValuesChangeRef = useRef(onValuesChange);
  onValuesChangeRef.current = onValuesChange;
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    onValuesChangeRef.current?.(values);
  }, [values]);

  function set<K extends keyof CharacterFormValues>(key: K, value: CharacterFormValues[K]) {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => (previous[key] ? { ...previous, [key]: undefined } : previous));
    setFormError(null);
  }

  function focusFirstInvalid() {
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
    });
  }

  function onServerError(error: Error) {
    if (error instanceof ApiError && Object.keys(error.fields).length) {
      setErrors(error.fields as FieldErrors);
      focusFirstInvalid();
    }
    setFormError(error.message || "Uh oh, something went wrong");
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (locked || saving) return;
    setFormError(null);
    const found = validateCharacterForm(values);
    setErrors(found);
    if (Object.keys(found).length) {
      setFormError("Please fix the highlighted fields.");
      focusFirstInvalid();
      return;
    }
    // The NSFW switch exists on the adult brand only; elsewhere the stored value is kept as it was.
    const current = adultBrand ? values : { ...values, is_nsfw: initialValues.is_nsfw };
    try {
      if (mode === "create") {
        const created = await create.mutateAsync(toCreateBody(current));
        onCreated?.(created.id);
        navigate(`/chat/${created.id}`);
      } else if (characterId) {
        const changes = changedFields(initialValues, current);
        if (Object.keys(changes).length) await update.mutateAsync(changes);
        navigate(`/chatbot/${characterId}`, { replace });
      }
    } catch (error) {
      onServerError(error as Error);
    }
  }

  const heading = mode === "create" ? "Create a chatbot" : `Edit ${initialValues.name || "chatbot"}`;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 pt-6 pb-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-text-1 sm:text-3xl">{heading}</h1>
          <p className="mt-1 text-sm text-text-2">
            {mode === "create"
              ? "Give your character a face, a voice and a story."
              : "Update your character. Only the fields you change are saved."}
          </p>
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {banner}
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={heading}>
        <fieldset disabled={locked} className="flex flex-col gap-5">
          <Section title="Identity">
            <AvatarField
              label="Avatar"
              name={values.name}
              value={values.avatar_url}
              onChange={(url) => set("avatar_url", url)}
              upload={uploadAvatarUrl}
              disabled={locked}
            />
            <TextField
              label="Name"
              value={values.name}
              maxLength={FIELD_MAX.name}
              onChange={(event) => set("name", event.target.value)}
              error={errors.name}
              placeholder="e.g. Aria Nightshade"
              required
            />
            <TextField
              label="Title"
              value={values.title}
              maxLength={FIELD_MAX.title}
              onChange={(event) => set("title", event.target.value)}
              error={errors.title}
              hint={`A short tagline shown on the card, up to ${FIELD_MAX.title} characters.`}
              placeholder="A wandering bard who collects forgotten songs"
            />
          </Section>

          <Section title="Conversation">
            <TextAreaField
              label="Greeting"
              value={values.greeting}
              onValueChange={(v) => set("greeting", v)}
              maxLength={FIELD_MAX.greeting}
              error={errors.greeting}
              hint="The first message your character sends."
            />
            <TextAreaField
              label="Personality"
              value={values.persona}
              onValueChange={(v) => set("persona", v)}
              maxLength={FIELD_MAX.persona}
              error={errors.persona}
              hint="Who they are: traits, history, how they speak."
              rows={6}
            />
            <TextAreaField
              label="Scenario"
              value={values.scenario}
              onValueChange={(v) => set("scenario", v)}
              maxLength={FIELD_MAX.scenario}
              error={errors.scenario}
              hint="Optional. Where and when the conversation takes place."
            />
            <TextAreaField
              label="Example dialogues"
              value={values.dialogue}
              onValueChange={(v) => set("dialogue", v)}
              maxLength={FIELD_MAX.dialogue}
              error={errors.dialogue}
              hint="Optional. A few exchanges showing how they talk, e.g. {{user}}: Hi! {{char}}: Well met."
              rows={5}
            />
          </Section>

          <Section title="Sharing">
            <TagInput
              tags={values.tags}
              onChange={(tags) => set("tags", tags)}
              error={errors.tags}
              disabled={locked}
            />
            {permanentlyPrivate ? (
              <p className="flex items-center gap-2 rounded-xl border border-surface-3 bg-surface-2/50 px-4 py-3 text-sm text-text-2">
                <Lock aria-hidden="true" className="h-4 w-4 text-text-3" />
                This chatbot was made permanently private by moderation.
              </p>
            ) : (
              <ChoiceCards
                legend="Visibility"
                name="visibility"
                options={VISIBILITY_OPTIONS}
                value={values.visibility as EditableVisibility}
                onChange={(v) => set("visibility", v)}
              />
            )}
            <Toggle
              label="Definition visible"
              description={
                values.definition_visible
                  ? "Others can read the personality, scenario and example dialogues."
                  : "Only you can read the personality, scenario and example dialogues."
              }
              checked={values.definition_visible}
              onChange={(v) => set("definition_visible", v)}
              disabled={locked}
            />
            {adultBrand ? (
              <Toggle
                label="NSFW"
                description="Mark characters meant for adults. They are hidden from members who turned adult content off."
                checked={values.is_nsfw}
                onChange={(v) => set("is_nsfw", v)}
                disabled={locked}
              />
            ) : null}
          </Section>
        </fieldset>

        <div className="sticky bottom-0 z-20 -mx-4 mt-5 border-t border-surface-3 bg-surface-0/90 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border">
          <div className="flex w-full flex-wrap items-center justify-end gap-x-3 gap-y-1 px-4 py-3">
            <div className="w-full min-w-0 text-sm sm:w-auto sm:flex-1" aria-live="polite">
              {formError ? (
                <p role="alert" className="flex items-center gap-1.5 font-medium text-danger">
                  <TriangleAlert aria-hidden="true" className="h-4 w-4 shrink-0" />
                  <span>{formError}</span>
                </p>
              ) : null}
            </div>
            <Button variant="ghost" onClick={() => navigate("/", { replace })}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={locked}>
              {mode === "create" ? "Create chatbot" : "Save changes"}
            </Button>
          </div>
        </div>
      </form>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-surface-3 bg-surface-1 p-4 sm:p-6">
      <h2 className="text-base font-bold text-text-1">{title}</h2>
      {children}
    </section>
  );
}
