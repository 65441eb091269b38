import { z } from "zod";
import { avatarUrlSchema } from "./profile";

export const PERSONA_LIMITS = { nameMin: 1, nameMax: 40, highlightsMax: 500 } as const;

/**
 * Per-tier persona caps. The spec says caps exist but not their values; these are ours: enough for
 * everyday roleplay on Free, more with each paid tier.
 */
export const PERSONA_CAPS = {
  guest: 0,
  free: 3,
  minimal: 10,
  basic: 25,
  premium: 100,
  admin: 100,
} as const;

export const personaSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  highlights: z.string(),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type Persona = z.infer<typeof personaSchema>;

export const personaListSchema = z.object({ data: z.array(personaSchema) });

export const personaBodySchema = z.object({
  name: z
    .string({ error: "Name can't be empty" })
    .trim()
    .min(PERSONA_LIMITS.nameMin, "Name can't be empty")
    .max(PERSONA_LIMITS.nameMax, `Name should be less than ${PERSONA_LIMITS.nameMax} characters`),
  highlights: z
    .string()
    .trim()
    .max(
      PERSONA_LIMITS.highlightsMax,
      `Highlights should be less than ${PERSONA_LIMITS.highlightsMax} characters`,
    )
    .default(""),
  avatar_url: avatarUrlSchema.nullable().default(null),
  /**
   * true makes it the default (the previous default stops being one). Left out: unchanged on update,
   * false on create unless it is the member's first persona. false on the current default is refused.
   */
  is_default: z.boolean().optional(),
});
export type PersonaBody = z.input<typeof personaBodySchema>;

/** `GET /api/personas?search=`: names starting with the text, case-insensitive. */
export const personaListQuerySchema = z.object({
  search: z.string().trim().max(PERSONA_LIMITS.nameMax).default(""),
});

export const PERSONA_MESSAGES = {
  defaultPersonaDelete:
    "You cannot delete the default persona, please set another persona as the default or create a new one first.",
  defaultPersonaUnset: "The default persona stays the default until you set another persona as the default.",
  personaLimit: (cap: number) =>
    `You have reached the limit of ${cap} personas for your plan. Delete a persona or upgrade to create more.`,
} as const;

/** Name of the persona every new member gets when there is no username yet. */
export const FALLBACK_PERSONA_NAME = "You";

export const personaIdParamsSchema = z.object({ id: z.uuid("Persona id must be a UUID") });
