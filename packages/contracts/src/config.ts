import { z } from "zod";
import { LIMITS } from "./constants";

export const BRANDS = ["adult", "sfw"] as const;
export const brandSchema = z.enum(BRANDS);
export type Brand = z.infer<typeof brandSchema>;

/** Feature flags stored in the database; value is the default written on first start. */
export const FEATURE_FLAG_DEFAULTS = {
  profile_v2: true,
  onboarding_v2: true,
  /** The classic chat layout; off by default, so the chat shows the character's picture behind it (v2). */
  chat_layout_v1: false,
  my_chatbots_v2: true,
  birthday_banner: false,
  sale_active: false,
  waiting_room: false,
  site_impersonation: false,
} as const;
export type FeatureFlag = keyof typeof FEATURE_FLAG_DEFAULTS;
export const FEATURE_FLAGS = Object.keys(FEATURE_FLAG_DEFAULTS) as FeatureFlag[];

/** Remote settings stored in the database; values the spec leaves open are chosen here. */
export const REMOTE_SETTING_DEFAULTS = {
  account_removal_countdown_seconds: 10,
  notification_duration_ms: 4000,
} as const;

export const brandingSchema = z.object({
  name: z.string(),
  logo_url: z.string(),
  logo_small_url: z.string(),
  site_icon_url: z.string(),
  support_url: z.string(),
  terms_url: z.string(),
  privacy_url: z.string(),
  refund_url: z.string(),
  footer_line_html: z.string(),
  default_theme: z.enum(["dark", "light"]),
  adult_content: z.boolean(),
});
export type Branding = z.infer<typeof brandingSchema>;

export const appConfigSchema = z.object({
  brand: brandSchema,
  branding: brandingSchema,
  partner_mode: z.boolean(),
  flags: z.record(z.string(), z.boolean()),
  settings: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
  version: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ ok: z.boolean(), driver: z.enum(["pglite", "postgres"]) }),
  llm: z.object({
    ok: z.boolean(),
    engine: z.enum(["none", "openai", "llama"]),
    message: z.string(),
  }),
  /** The image engine (IMAGE_*): none says "Images are not available on this server." */
  images: z.object({
    ok: z.boolean(),
    engine: z.enum(["none", "a1111", "openai"]),
    message: z.string(),
    /** Where generated images are stored: an S3-compatible store (S3_*) or DATA_DIR (README, Media storage). */
    storage: z.enum(["local", "s3"]).optional(),
  }),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/** Bytes of `text` in UTF-8 (no TextEncoder in this package's libraries). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * `POST /api/event`: an analytics event, stored and nothing else. Ratings and tag suggestions have their
 * own routes (`EVENTS_WITH_OWN_ROUTES`), which log their event themselves.
 */
export const eventBodySchema = z.object({
  event_name: z
    .string({ error: "event_name is required" })
    .trim()
    .min(1, "event_name is required")
    .max(64, "event_name must be at most 64 characters")
    .regex(/^[A-Za-z0-9_.:-]+$/, "event_name may contain letters, digits and _ . : - only"),
  payload: z
    .record(z.string(), z.unknown())
    .default({})
    .refine((payload) => utf8Length(JSON.stringify(payload)) <= LIMITS.eventPayloadMaxBytes, {
      message: `payload must be at most ${LIMITS.eventPayloadMaxBytes} bytes`,
    }),
});
export type EventBody = z.infer<typeof eventBodySchema>;

/** `POST /api/event` answers the stored event's id (201). */
export const eventResponseSchema = z.object({ id: z.string() });
export type EventResponse = z.infer<typeof eventResponseSchema>;
