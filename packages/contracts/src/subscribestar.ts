import { z } from "zod";
import { type PaidRole, PLAN_PRICES_CENTS, paidRoleSchema, planIdSchema } from "./billing";

/**
 * SubscribeStar linking (account spec 2.11, 4 and 8): a member links their SubscribeStar account through
 * SubscribeStar's OAuth 2 flow; their active pledge's tier becomes their role, managed on SubscribeStar.
 */

/** The link page's states (account spec 4). */
export const SUBSCRIBESTAR_LINK_STATES = ["idle", "linking", "success", "error", "invalid_pledge"] as const;
export type SubscribeStarLinkState = (typeof SUBSCRIBESTAR_LINK_STATES)[number];

export const SUBSCRIBESTAR_TEXTS = {
  /** Success (account spec 4: says account linked, reload). */
  linked: "Your SubscribeStar account has been linked.",
  reloadHint: "Reload the page to see your new plan everywhere.",
  /** Account spec 8. */
  error: "There was an error linking your account.",
  noPledge: "No active pledge found",
  /** The server's message for invalid_pledge (account spec 8). */
  serverNoPledge: "no active pledge found",
  unavailable: "SubscribeStar linking is not available on this server.",
  /** The portal's note for a subscription bought on SubscribeStar (subscriptions spec 2 and 6). */
  managedThere: "This subscription is managed on SubscribeStar. Change or cancel your pledge there.",
} as const;

/** Thanks-for-subscribing page: redirect after this many seconds (account spec 2.11 and 9). */
export const SUBSCRIBESTAR_WELCOME_REDIRECT_SECONDS = 10;

/** What Hearth asks SubscribeStar for (README, SubscribeStar). */
export const SUBSCRIBESTAR_SCOPES = ["subscriber.read", "user.read", "user.email.read"] as const;

/** A link attempt lives this long between its start and SubscribeStar's redirect back. */
export const SUBSCRIBESTAR_ATTEMPT_MINUTES = 30;

/**
 * A pledge's tier by its monthly price in cents (README, SubscribeStar): at least a plan's monthly card
 * price gives that plan's role; below Get a Taste's price it is not a tier Hearth knows.
 */
export function roleForPledgePrice(priceCents: number): PaidRole | null {
  if (priceCents >= PLAN_PRICES_CENTS.premium.monthly) return "premium";
  if (priceCents >= PLAN_PRICES_CENTS.basic.monthly) return "basic";
  if (priceCents >= PLAN_PRICES_CENTS.minimal.monthly) return "minimal";
  return null;
}

export const subscribeStarLinkSchema = z.object({
  subscribestar_user_id: z.string(),
  name: z.string(),
  /** The pledge's tier as SubscribeStar names it, and what it gives here. */
  tier_id: z.string().nullable(),
  price: z.number().int().nullable(),
  role: paidRoleSchema.nullable(),
  active: z.boolean(),
  linked_at: z.string(),
  checked_at: z.string(),
});
export type SubscribeStarLink = z.infer<typeof subscribeStarLinkSchema>;

/** GET /api/link/subscribestar: whether linking is offered here, and the member's link. */
export const subscribeStarStatusSchema = z.object({
  available: z.boolean(),
  link: subscribeStarLinkSchema.nullable(),
});
export type SubscribeStarStatus = z.infer<typeof subscribeStarStatusSchema>;

/** POST /api/link/subscribestar and GET /api/link/subscribestar/{transientId}: one link attempt. */
export const subscribeStarAttemptSchema = z.object({
  transient_id: z.string(),
  authorize_url: z.string(),
  expires_at: z.string(),
});
export type SubscribeStarAttempt = z.infer<typeof subscribeStarAttemptSchema>;

export const subscribeStarAttemptParamsSchema = z.object({
  transientId: z.string().min(1).max(64),
});

/** The link page SubscribeStar sends the member back to: `{origin}/link/subscribestar` (the OAuth redirect_uri). */
const redirectUrlSchema = z.string().trim().min(1, "redirect_url is required").max(2048);

/** POST /api/link/subscribestar body, and GET /api/link/subscribestar/{transientId} query. */
export const subscribeStarAttemptBodySchema = z.object({ redirect_url: redirectUrlSchema });
export type SubscribeStarAttemptBody = z.infer<typeof subscribeStarAttemptBodySchema>;

/** GET /api/link/subscribestar/oauth (account spec 7: subscribestar_code, redirect_url). */
export const subscribeStarOauthQuerySchema = z.object({
  subscribestar_code: z.string().trim().min(1, "subscribestar_code is required").max(512),
  redirect_url: redirectUrlSchema,
  /** The attempt the code came back to (the OAuth state). */
  transient_id: z.string().trim().min(1, "transient_id is required").max(64),
});
export type SubscribeStarOauthQuery = z.infer<typeof subscribeStarOauthQuerySchema>;

export const subscribeStarOauthResponseSchema = z.object({
  status: z.literal("success"),
  role: paidRoleSchema,
  plan_id: planIdSchema,
  link: subscribeStarLinkSchema,
});
export type SubscribeStarOauthResponse = z.infer<typeof subscribeStarOauthResponseSchema>;
