import { z } from "zod";

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
  avatar_url: z.string().max(500).nullable().default(null),
  is_default: z.boolean().default(false),
});
export type PersonaBody = z.infer<typeof personaBodySchema>;

export const personaIdParamsSchema = z.object({ id: z.uuid("Persona id must be a UUID") });
