import { z } from "zod";
import { LIMITS } from "./constants";

export const VISIBILITIES = ["public", "hidden", "private", "permanently_private"] as const;
export const visibilitySchema = z.enum(VISIBILITIES);
/** What a creator may choose; permanently_private is set by moderation only. */
export const CREATOR_VISIBILITIES = ["public", "hidden", "private"] as const;

export const MODERATION_STATUSES = ["pending", "rereview_required", "fix_required"] as const;
export const moderationStatusSchema = z.enum(MODERATION_STATUSES);
export type ModerationStatus = z.infer<typeof moderationStatusSchema>;
/** Moderation statuses during which the creator cannot edit (chat spec 4: "While under review, edits are blocked"). */
export const UNDER_REVIEW_STATUSES: readonly ModerationStatus[] = ["pending", "rereview_required"];

/**
 * Field limits of a character. The spec fixes titles (50) and tags (12); the rest are ours: roomy enough
 * for rich definitions, small enough to fit the base context.
 */
export const CHARACTER_LIMITS = {
  nameMin: 1,
  nameMax: 40,
  titleMax: LIMITS.titleMax,
  greetingMax: 4000,
  personaMax: 8000,
  scenarioMax: 2000,
  dialogueMax: 8000,
  maxTags: LIMITS.maxTags,
  tagMin: 1,
  tagMax: 30,
  languageMax: 16,
  searchMax: 100,
} as const;

export const TAG_MESSAGES = {
  tooMany: "You can keep only 12 tags !",
  nothingSelected: "Please select something !",
} as const;

export const UNDER_REVIEW_MESSAGE = "This character is under review and cannot be edited right now.";

export const moderationReportSchema = z.object({
  moderation_status: moderationStatusSchema.nullable(),
  reason_for_moderation: z.array(z.string()),
  action_taken_description: z.string().nullable(),
});
export type ModerationReport = z.infer<typeof moderationReportSchema>;

export const tagSuggestionSchema = z.object({
  id: z.string(),
  tags_to_add: z.array(z.string()),
  tags_to_remove: z.array(z.string()),
  created_at: z.string(),
});
export type TagSuggestion = z.infer<typeof tagSuggestionSchema>;

/**
 * A character in a list (browse, favorites, recommendations, a creator's page): never its definition,
 * never its moderation. The viewer's own relation to it is false / null for visitors. An NSFW avatar's
 * `avatar_url` is null unless the viewer allows adult content (or is the creator).
 */
export const characterCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  avatar_url: z.string().nullable(),
  avatar_is_nsfw: z.boolean(),
  creator_user_id: z.string(),
  creator_username: z.string().nullable(),
  tags: z.array(z.string()),
  greeting: z.string(),
  visibility: visibilitySchema,
  definition_visible: z.boolean(),
  num_messages: z.number().int(),
  num_favorites: z.number().int(),
  /** The mean of members' votes, (rating - 1) / 4 each, 0 to 1; null until a member rated it. */
  rating_score: z.number().min(0).max(1).nullable(),
  /** How many members rated it (dislike, like or love); a score is shown only when there are some. */
  rating_count: z.number().int().min(0),
  token_count: z.number().int(),
  language: z.string(),
  is_nsfw: z.boolean(),
  lora_status: z.enum(["ready", "pending"]).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  is_favorite: z.boolean(),
  my_rating: z.number().int().nullable(),
  is_creator_blocked: z.boolean(),
});
export type CharacterCard = z.infer<typeof characterCardSchema>;

/** The definition: persona, scenario, example dialogue, and the card data Hearth has no column for. */
const definitionFields = {
  persona: z.string(),
  scenario: z.string(),
  dialogue: z.string(),
  /** Card data Hearth has no column for (alternate_greetings, character_book, extensions...). */
  card_extras: z.record(z.string(), z.unknown()),
};

/**
 * One character as anyone but its creator sees it: the card, plus its definition exactly when the
 * creator made it visible (`definition_visible`).
 */
export const publicCharacterSchema = z.discriminatedUnion("definition_visible", [
  characterCardSchema.extend({ definition_visible: z.literal(false) }),
  characterCardSchema.extend({ definition_visible: z.literal(true), ...definitionFields }),
]);
export type PublicCharacter = z.infer<typeof publicCharacterSchema>;

/** Moderation details, the creator's only: the status with its reasons, and who reported it. */
const moderationFields = {
  moderationReport: moderationReportSchema.nullable(),
  /** Who reported it, e.g. ['User']. */
  reportsType: z.array(z.string()),
};

/** `GET /api/users/characters`: the creator's own characters in a list, with their moderation state. */
export const ownCharacterCardSchema = characterCardSchema.extend(moderationFields);
export type OwnCharacterCard = z.infer<typeof ownCharacterCardSchema>;

/**
 * One character as its creator sees it (what creating, editing and importing answer): the card, the
 * definition whether visible to others or not, the moderation state and the pending tag suggestions.
 */
export const ownCharacterSchema = characterCardSchema.extend({
  ...definitionFields,
  ...moderationFields,
  tag_suggestions: z.array(tagSuggestionSchema),
});
export type OwnCharacter = z.infer<typeof ownCharacterSchema>;

/** `GET /api/characters/{id}`: the creator's view to the creator, the public view to anyone else. */
export const characterSchema = z.union([ownCharacterSchema, publicCharacterSchema]);
/** One character as the viewer may see it. */
export type Character = z.infer<typeof characterSchema>;

/** The creator's view narrows to its own type by its moderation fields. */
export const isOwnCharacter = (character: Character): character is OwnCharacter =>
  "tag_suggestions" in character;

/** The definition when the viewer may see it (the creator, or anyone when it is visible); else null. */
export function definitionOf(
  character: Character,
): Pick<OwnCharacter, "persona" | "scenario" | "dialogue" | "card_extras"> | null {
  if (!("persona" in character)) return null;
  const { persona, scenario, dialogue, card_extras } = character;
  return { persona, scenario, dialogue, card_extras };
}

export const CHARACTER_SORTS = ["popular", "newest", "rating"] as const;
export const characterSortSchema = z.enum(CHARACTER_SORTS);
export type CharacterSort = z.infer<typeof characterSortSchema>;

/** One tag: trimmed, lower-cased, 1-30 characters. */
export const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(CHARACTER_LIMITS.tagMin, "Tags cannot be empty")
  .max(CHARACTER_LIMITS.tagMax, `Tags must be at most ${CHARACTER_LIMITS.tagMax} characters`);

export const tagListSchema = z
  .array(tagSchema)
  .max(CHARACTER_LIMITS.maxTags, TAG_MESSAGES.tooMany)
  .transform((tags) => [...new Set(tags)]);

/** `GET /api/characters?search=&tags=&sort=&limit=&cursor=` */
export const characterListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.characterPageMax).default(48),
  search: z
    .string()
    .trim()
    .max(CHARACTER_LIMITS.searchMax, `Search must be at most ${CHARACTER_LIMITS.searchMax} characters`)
    .optional(),
  /** Comma-separated; a character must carry every one. */
  tags: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.string().max(CHARACTER_LIMITS.tagMax)).max(CHARACTER_LIMITS.maxTags, TAG_MESSAGES.tooMany),
    ),
  sort: characterSortSchema.default("popular"),
  cursor: z.string().max(300).optional(),
  switch: z.string().optional(),
});
export type CharacterListQuery = z.infer<typeof characterListQuerySchema>;
/** A page of characters; `next_cursor` is null on the last page. */
export const characterListSchema = z.object({
  data: z.array(characterCardSchema),
  next_cursor: z.string().nullable().optional(),
});

export const characterIdParamsSchema = z.object({
  id: z.uuid("Character id must be a UUID"),
});
export const characterGetQuerySchema = z.object({ switch: z.string().optional() });

/** Avatars are files this server serves: uploads or the bundled demo set. */
const avatarUrlSchema = z
  .string()
  .regex(/^\/(uploads\/)?avatars\/[A-Za-z0-9._-]+$/, "Avatar must be an uploaded image")
  .nullable();

const characterFields = {
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(CHARACTER_LIMITS.nameMin, "Name is required")
    .max(CHARACTER_LIMITS.nameMax, `Name must be at most ${CHARACTER_LIMITS.nameMax} characters`),
  title: z
    .string()
    .trim()
    .max(CHARACTER_LIMITS.titleMax, `Title must be at most ${CHARACTER_LIMITS.titleMax} characters`),
  greeting: z
    .string()
    .max(CHARACTER_LIMITS.greetingMax, `Greeting must be at most ${CHARACTER_LIMITS.greetingMax} characters`),
  persona: z
    .string()
    .max(
      CHARACTER_LIMITS.personaMax,
      `Personality must be at most ${CHARACTER_LIMITS.personaMax} characters`,
    ),
  scenario: z
    .string()
    .max(CHARACTER_LIMITS.scenarioMax, `Scenario must be at most ${CHARACTER_LIMITS.scenarioMax} characters`),
  dialogue: z
    .string()
    .max(
      CHARACTER_LIMITS.dialogueMax,
      `Example dialogue must be at most ${CHARACTER_LIMITS.dialogueMax} characters`,
    ),
  tags: tagListSchema,
  avatar_url: avatarUrlSchema,
  avatar_is_nsfw: z.boolean(),
  visibility: z.enum(CREATOR_VISIBILITIES, { error: "Visibility must be public, hidden or private" }),
  definition_visible: z.boolean(),
  is_nsfw: z.boolean(),
  language: z.string().trim().min(2).max(CHARACTER_LIMITS.languageMax),
};

/** `POST /api/characters`: only the name is required. */
export const characterCreateBodySchema = z.object({
  name: characterFields.name,
  title: characterFields.title.default(""),
  greeting: characterFields.greeting.default(""),
  persona: characterFields.persona.default(""),
  scenario: characterFields.scenario.default(""),
  dialogue: characterFields.dialogue.default(""),
  tags: characterFields.tags.default([]),
  avatar_url: characterFields.avatar_url.default(null),
  avatar_is_nsfw: characterFields.avatar_is_nsfw.default(false),
  visibility: characterFields.visibility.default("private"),
  definition_visible: characterFields.definition_visible.default(false),
  is_nsfw: characterFields.is_nsfw.default(false),
  language: characterFields.language.default("en"),
});
export type CharacterCreateBody = z.infer<typeof characterCreateBodySchema>;

/** `PATCH /api/characters/{id}`: only the changed fields. */
export const characterUpdateBodySchema = z.object(characterFields).partial();
export type CharacterUpdateBody = z.infer<typeof characterUpdateBodySchema>;

/** `GET /api/users/characters`: the caller's own characters, fix-required first. */
export const myCharactersSchema = z.object({ data: z.array(ownCharacterCardSchema) });

export const CARD_FORMATS = ["png", "json"] as const;
export const CARD_SPECS = ["v2", "v3"] as const;
/** `GET /api/characters/{id}/export?format=png|json&spec=v2|v3` */
export const characterExportQuerySchema = z.object({
  format: z.enum(CARD_FORMATS, { error: "format must be png or json" }).default("png"),
  spec: z.enum(CARD_SPECS, { error: "spec must be v2 or v3" }).default("v2"),
  switch: z.string().optional(),
});
export type CharacterExportQuery = z.infer<typeof characterExportQuerySchema>;
/** `POST /api/characters/import` (multipart field `file`, a PNG or JSON card). */
export const CARD_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
