import { z } from "zod";

/**
 * House ads (chat spec 6, 7 and 9; growth spec 6): admins manage them; members with `display_ads` see one
 * in a long enough chat, chosen by the keywords of its last messages.
 */
export const ADS = {
  /** The ad is chosen from this many of the conversation's newest messages (chat spec 9). */
  recentMessages: 10,
  /** More than this many messages without alternates are needed (chat spec 9). */
  minMessagesWithoutAlternates: 2,
  codeMax: 40,
  textMax: 200,
  urlMax: 2000,
  keywordsMax: 20,
  keywordMax: 40,
  /** Ads an admin may keep (active or not). */
  adsMax: 200,
} as const;

/** Analytics event names for an ad's view and click (`POST /api/event`, chat spec 7). */
export const AD_EVENTS = { view: "ad_view", click: "ad_click" } as const;

const HTTP_URL = /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i;
/** A path on this site: one leading slash (not `//`, which leaves the site), no `..`, no spaces. */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;

/** An http(s) address, or a path on this site (`/subscribe`, an upload `/uploads/...`). */
const addressOrPath = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(ADS.urlMax, `${label} must be at most ${ADS.urlMax} characters`)
    .refine(
      (value) => HTTP_URL.test(value) || (SITE_PATH.test(value) && !value.split(/[/?#]/).includes("..")),
      `${label} must be an http(s) address or a path on this site`,
    );

const isoDate = z.iso.datetime({ offset: true, error: "Use a date and time like 2026-01-31T12:00:00Z" });

/** `POST /api/admin/ads` and `PUT /api/admin/ads/:id` (the whole ad each time). */
export const adInputSchema = z
  .object({
    code: z
      .string({ error: "Code is required" })
      .trim()
      .min(1, "Code is required")
      .max(ADS.codeMax, `Code must be at most ${ADS.codeMax} characters`)
      .regex(/^[a-z0-9][a-z0-9_-]*$/, "Code may contain lower-case letters, digits, - and _ only"),
    text: z
      .string({ error: "Text is required" })
      .trim()
      .min(1, "Text is required")
      .max(ADS.textMax, `Text must be at most ${ADS.textMax} characters`),
    link_url: addressOrPath("Link"),
    image_url: addressOrPath("Image").nullable().default(null),
    keywords: z
      .array(
        z
          .string()
          .trim()
          .min(1, "Keywords cannot be empty")
          .max(ADS.keywordMax, `Each keyword must be at most ${ADS.keywordMax} characters`),
      )
      .max(ADS.keywordsMax, `At most ${ADS.keywordsMax} keywords`)
      .default([])
      .transform((words) => [...new Set(words.map((word) => word.toLowerCase()))]),
    active: z.boolean().default(true),
    starts_at: isoDate.nullable().default(null),
    ends_at: isoDate.nullable().default(null),
  })
  .refine((ad) => !ad.starts_at || !ad.ends_at || Date.parse(ad.ends_at) > Date.parse(ad.starts_at), {
    message: "The end must be after the start",
    path: ["ends_at"],
  });
export type AdInput = z.input<typeof adInputSchema>;

export const adIdParamsSchema = z.object({ id: z.uuid("Unknown ad") });

/** An ad as admins see it. */
export const adminAdSchema = z.object({
  id: z.string(),
  code: z.string(),
  text: z.string(),
  link_url: z.string(),
  image_url: z.string().nullable(),
  keywords: z.array(z.string()),
  active: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  last_shown_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminAd = z.infer<typeof adminAdSchema>;
export const adminAdListSchema = z.object({ data: z.array(adminAdSchema) });
export type AdminAdList = z.infer<typeof adminAdListSchema>;

/** `GET /api/ads/pick?conversation_id=`. */
export const adPickQuerySchema = z.object({ conversation_id: z.uuid("Unknown conversation") });

/** Why no ad is shown (none when one is). */
export const AD_SKIP_REASONS = ["not_eligible", "too_short", "alternates", "no_ad"] as const;

/** An ad as the chat shows it. */
export const shownAdSchema = z.object({
  id: z.string(),
  code: z.string(),
  text: z.string(),
  link_url: z.string(),
  image_url: z.string().nullable(),
});
export type ShownAd = z.infer<typeof shownAdSchema>;

/**
 * The pick: an ad, shown after `message_id` (the conversation's newest message), or none with the reason.
 * `matched` counts the keyword hits in the last messages that chose it (0: a fallback ad).
 */
export const adPickSchema = z.object({
  ad: shownAdSchema.nullable(),
  message_id: z.string().nullable(),
  matched: z.number().int(),
  reason: z.enum(AD_SKIP_REASONS).nullable(),
});
export type AdPick = z.infer<typeof adPickSchema>;

/** The payload of the `ad_view` and `ad_click` events (chat spec 7). */
export const adEventPayloadSchema = z.object({
  ad_id: z.string(),
  code: z.string(),
  message_id: z.string(),
  content: z.string(),
});
export type AdEventPayload = z.infer<typeof adEventPayloadSchema>;
