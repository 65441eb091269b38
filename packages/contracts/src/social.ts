import { z } from "zod";
import { CHARACTER_LIMITS, characterCardSchema, TAG_MESSAGES, tagSchema } from "./characters";

export const SOCIAL_MESSAGES = {
  favoriteOwn: "You cannot favorite your own chatbot.",
  blockSelf: "You cannot block yourself.",
  rateOwn: "You cannot rate your own chatbot.",
  suggestOwn: "You cannot suggest tags for your own chatbot.",
} as const;

/** `PUT` / `DELETE /api/characters/{id}/favorite` */
export const favoriteResponseSchema = z.object({ is_favorite: z.boolean(), num_favorites: z.number().int() });
export type FavoriteResponse = z.infer<typeof favoriteResponseSchema>;

/** `GET /api/users/favorites`, `GET /api/characters/recommended`: `{ data }`. */
export const characterCollectionSchema = z.object({ data: z.array(characterCardSchema) });

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
  characters: z.array(characterCardSchema),
});
export type CreatorPage = z.infer<typeof creatorPageSchema>;
export const creatorParamsSchema = z.object({ username: z.string().trim().toLowerCase().min(1).max(40) });

export const CHATBOT_RATINGS = { dislike: 1, like: 3, love: 5 } as const;

/** A chatbot rating as stored and sent: dislike 1, like 3, love 5. */
export const chatbotRatingValueSchema = z.union([z.literal(1), z.literal(3), z.literal(5)], {
  error: "rating must be 1, 3 or 5",
});
export type ChatbotRatingValue = z.infer<typeof chatbotRatingValueSchema>;

/** The most messages a conversation length may claim (far beyond any real conversation). */
export const CONVERSATION_LENGTH_MAX = 1_000_000;

/** `PUT /api/characters/{id}/rating`: the member's rating of a chatbot; rating again replaces it. */
export const characterRatingBodySchema = z.object({
  rating: chatbotRatingValueSchema,
  conversation_length: z
    .number()
    .int()
    .min(0)
    .max(CONVERSATION_LENGTH_MAX, `conversation_length must be at most ${CONVERSATION_LENGTH_MAX}`)
    .default(0),
});
export type CharacterRatingBody = z.infer<typeof characterRatingBodySchema>;

/** Its answer: the member's rating and the character's new rating summary. */
export const characterRatingResponseSchema = z.object({
  my_rating: chatbotRatingValueSchema,
  /** Mean of (rating - 1) / 4 over every member's rating, 0 to 1. */
  rating_score: z.number().min(0).max(1),
  num_ratings: z.number().int().min(0),
});
export type CharacterRatingResponse = z.infer<typeof characterRatingResponseSchema>;

/**
 * `POST /api/characters/{id}/tag-suggestions`: tags to add and remove; only real changes are kept, and
 * the member's suggestion replaces their earlier one. Answers the stored suggestion (`tagSuggestionSchema`).
 * A suggestion left with no change (none sent, or only tags it has / lacks) is refused by the server with
 * `TAG_MESSAGES.nothingSelected` on `tags_to_add`, after it checked the character may be seen.
 */
export const tagSuggestionBodySchema = z.object({
  tags_to_add: z.array(tagSchema).max(CHARACTER_LIMITS.maxTags, TAG_MESSAGES.tooMany).default([]),
  tags_to_remove: z
    .array(tagSchema)
    .max(CHARACTER_LIMITS.maxTags * 2)
    .default([]),
});
export type TagSuggestionBody = z.infer<typeof tagSuggestionBodySchema>;

/**
 * Analytics events the server logs itself beside a change that has its own route; `POST /api/event`
 * refuses them, so an event of these names always stands for a stored rating or suggestion.
 */
export const EVENTS_WITH_OWN_ROUTES = {
  characterRating: "PUT /api/characters/{id}/rating",
  characterSuggestTags: "POST /api/characters/{id}/tag-suggestions",
} as const;

export const tagSuggestionParamsSchema = z.object({
  id: z.uuid("Character id must be a UUID"),
  suggestionId: z.uuid("Suggestion id must be a UUID"),
});
