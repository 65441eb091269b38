import { z } from "zod";
import { LIMITS } from "./constants";

export const VISIBILITIES = ["public", "hidden", "private", "permanently_private"] as const;
export const visibilitySchema = z.enum(VISIBILITIES);

export const MODERATION_STATUSES = ["pending", "rereview_required", "fix_required"] as const;
export const moderationStatusSchema = z.enum(MODERATION_STATUSES);

/** A character as anyone may see it; the definition fields are present only to those allowed. */
export const characterSchema = z.object({
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
  rating_score: z.number().min(0).max(1),
  token_count: z.number().int(),
  language: z.string(),
  is_nsfw: z.boolean(),
  lora_status: z.enum(["ready", "pending"]).nullable(),
  created_at: z.string(),
  /** Present only when definition_visible is true or the viewer is the creator. */
  persona: z.string().optional(),
  scenario: z.string().optional(),
  dialogue: z.string().optional(),
});
export type Character = z.infer<typeof characterSchema>;

export const characterListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.characterPageMax).default(48),
  switch: z.string().optional(),
});
export const characterListSchema = z.object({ data: z.array(characterSchema) });

export const characterIdParamsSchema = z.object({
  id: z.uuid("Character id must be a UUID"),
});
export const characterGetQuerySchema = z.object({ switch: z.string().optional() });
