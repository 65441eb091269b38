import { z } from "zod";
import { CHARACTER_LIMITS, characterSchema, TAG_MESSAGES, tagSchema } from "./characters";

export const SOCIAL_MESSAGES = {
  favoriteOwn: "You cannot favorite your own chatbot.",
  blockSelf: "You cannot block yourself.",
  rateSignIn: "Sign in to rate chatbots.",
  suggestSignIn: "Sign in to suggest tags.",
} as const;

/** `PUT` / `DELETE /api/characters/{id}/favorite` */
export const favoriteResponseSchema = z.object({ is_favorite: z.boolean(), num_favorites: z.number().int() });
export type FavoriteResponse = z.infer<typeof favoriteResponseSchema>;

/** `GET /api/users/favorites`, `GET /api/characters/recommended`: `{ data }`. */
export const characterCollectionSchema = z.object({ data: z.array(characterSchema) });

export const blockedCreatorSchema = z.object({ id: z.string(), username: z.string().nullable() });
export type BlockedCreator = z.infer<typeof blockedCreatorSchema>;
/** `GET /api/users/blocked-creators` */
export const blockedCreatorListSchema = z.object({ data: z.array(blockedCreatorSchema) });
/** `POST /api/users/blocked-creators` */
export const blockCreatorBodySchema = z.object({
  creator_id: z.uuid("creator_id must be a user id"),
});
export const creatorIdParamsSchema = z.object({ creatorId: z.uuid("creatorId must be a user id") });

/** `GET /api/creators/{username}` */
export const creatorPageSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  highlights: z.string().nullable(),
  /** Whether the viewer blocked this creator. */
  is_blocked: z.boolean(),
  characters: z.array(characterSchema),
});
export type CreatorPage = z.infer<typeof creatorPageSchema>;
export const creatorParamsSchema = z.object({ username: z.string().trim().toLowerCase().min(1).max(40) });

export const CHATBOT_RATINGS = { dislike: 1, like: 3, love: 5 } as const;

/** `POST /api/event` with event_name `characterRating`. */
export const characterRatingPayloadSchema = z.object({
  character_id: z.uuid("character_id must be a character id"),
  rating: z.union([z.literal(1), z.literal(3), z.literal(5)], { error: "rating must be 1, 3 or 5" }),
  conversation_length: z.number().int().min(0).default(0),
});
export type CharacterRatingPayload = z.infer<typeof characterRatingPayloadSchema>;

/** `POST /api/event` with event_name `characterSuggestTags`. */
export const characterSuggestTagsPayloadSchema = z
  .object({
    character_id: z.uuid("character_id must be a character id"),
    tags_to_add: z.array(tagSchema).max(CHARACTER_LIMITS.maxTags, TAG_MESSAGES.tooMany).default([]),
    tags_to_remove: z
      .array(tagSchema)
      .max(CHARACTER_LIMITS.maxTags * 2)
      .default([]),
  })
  .refine((body) => body.tags_to_add.length + body.tags_to_remove.length > 0, {
    message: TAG_MESSAGES.nothingSelected,
    path: ["tags_to_add"],
  });
export type CharacterSuggestTagsPayload = z.infer<typeof characterSuggestTagsPayloadSchema>;

export const tagSuggestionParamsSchema = z.object({
  id: z.uuid("Character id must be a UUID"),
  suggestionId: z.uuid("Suggestion id must be a UUID"),
});
