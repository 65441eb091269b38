import {
  CHARACTER_LIMITS,
  type CharacterCreateBody,
  type CREATOR_VISIBILITIES,
  characterCreateBodySchema,
  VISIBILITIES,
} from "@hearth/contracts";

export type EditableVisibility = (typeof CREATOR_VISIBILITIES)[number];
type Visibility = (typeof VISIBILITIES)[number];

export const FIELD_MAX = {
  name: CHARACTER_LIMITS.nameMax,
  title: CHARACTER_LIMITS.titleMax,
  greeting: CHARACTER_LIMITS.greetingMax,
  persona: CHARACTER_LIMITS.personaMax,
  scenario: CHARACTER_LIMITS.scenarioMax,
  dialogue: CHARACTER_LIMITS.dialogueMax,
} as const;

/** What the editor holds; visibility may be "permanently_private", which only moderation sets. */
export type CharacterFormValues = {
  name: string;
  title: string;
  greeting: string;
  persona: string;
  scenario: string;
  dialogue: string;
  tags: string[];
  visibility: Visibility;
  definition_visible: boolean;
  is_nsfw: boolean;
  avatar_url: string | null;
};
export type CharacterFormField = keyof CharacterFormValues;
export type FieldErrors = Partial<Record<CharacterFormField, string>>;

export const EMPTY_FORM: CharacterFormValues = {
  name: "",
  title: "",
  greeting: "",
  persona: "",
  scenario: "",
  dialogue: "",
  tags: [],
  visibility: "public",
  definition_visible: false,
  is_nsfw: false,
  avatar_url: null,
};

/** The body the server's own schema accepts (the permanently-private lock is not the creator's to send). */
function toBody(values: CharacterFormValues): Record<string, unknown> {
  const { visibility, ...rest } = values;
  return visibility === "permanently_private" ? rest : { ...rest, visibility };
}

/**
 * Field → first error message, checked with the server's `characterCreateBodySchema` so the messages
 * and limits are the same on both sides; empty when the form is valid.
 */
export function validateCharacterForm(values: CharacterFormValues): FieldErrors {
  const result = characterCreateBodySchema.safeParse(toBody(values));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as CharacterFormField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The create body: trimmed, tags lower-cased and deduplicated, exactly as the server stores them. */
export function toCreateBody(values: CharacterFormValues): CharacterCreateBody {
  return characterCreateBodySchema.parse(toBody(values));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b;
}

/** Only the fields that differ from `original`, normalized as the server would (PATCH sends nothing else). */
export function changedFields(
  original: CharacterFormValues,
  current: CharacterFormValues,
): Partial<CharacterCreateBody> {
  const before: Record<string, unknown> = characterCreateBodySchema.partial().parse(toBody(original));
  const after: Record<string, unknown> = toCreateBody(current);
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(toBody(current))) {
    if (!sameValue(before[key], after[key])) changes[key] = after[key];
  }
  return changes as Partial<CharacterCreateBody>;
}

type CharacterLike = Partial<Omit<CharacterFormValues, "visibility">> & { visibility?: string };

/** Form values from a loaded character or a draft; anything missing takes the empty form's value. */
export function toFormValues(source: CharacterLike): CharacterFormValues {
  const visibility = (VISIBILITIES as readonly string[]).includes(source.visibility ?? "")
    ? (source.visibility as Visibility)
    : EMPTY_FORM.visibility;
  return {
    name: source.name ?? "",
    title: source.title ?? "",
    greeting: source.greeting ?? "",
    persona: source.persona ?? "",
    scenario: source.scenario ?? "",
    dialogue: source.dialogue ?? "",
    tags: source.tags ? [...source.tags] : [],
    visibility,
    definition_visible: source.definition_visible ?? EMPTY_FORM.definition_visible,
    is_nsfw: source.is_nsfw ?? false,
    avatar_url: source.avatar_url ?? null,
  };
}
