import { z } from "zod";
import { permissionSchema, userStatusSchema } from "./permissions";
import { roleSchema } from "./roles";

export const OPENAI_MODES = ["disabled", "enabled", "hybrid"] as const;
export const openaiModeSchema = z.enum(OPENAI_MODES);

/** The onboarding modal's steps (account spec 2.3), persisted per member. */
export const ONBOARDING_STEPS = ["welcome", "guidelines", "done"] as const;
export const onboardingStepSchema = z.enum(ONBOARDING_STEPS);
export type OnboardingStep = z.infer<typeof onboardingStepSchema>;

/** The signed-in user's own profile as `GET /api/me` answers it. The OpenAI key is never sent back. */
export const meSchema = z.object({
  id: z.string(),
  is_guest: z.boolean(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  highlights: z.string().nullable(),
  openai_mode: openaiModeSchema,
  has_openai_api_key: z.boolean(),
  /** A masked reminder such as `sk-…abcd`; null without a key. */
  openai_api_key_hint: z.string().nullable(),
  role: roleSchema,
  permissions: z.array(permissionSchema),
  status: userStatusSchema,
  /**
   * When the member's temporary restriction ends (ISO), for the restriction screen; null otherwise. Once it
   * passes the restriction no longer applies (permissions and status already leave it out).
   */
  restriction_ends_at: z.string().nullable().optional(),
  subscription_platform: z.string().nullable(),
  external_id: z.string().nullable(),
  /** Whether the member signs in with a password (partner accounts have none); false for guests. */
  has_password: z.boolean(),
  /** Adult-content settings (profile toggles). */
  show_nsfw: z.boolean(),
  blur_nsfw_avatars: z.boolean(),
  /** Where the onboarding modal is; a member without a username is sent through it. */
  onboarding_step: onboardingStepSchema,
  /** The email is a hidden-relay or blocked-domain address: send the member to /update-email. */
  needs_email_update: z.boolean(),
  default_persona_id: z.string().nullable(),
  created_at: z.string(),
});
export type Me = z.infer<typeof meSchema>;
