import { z } from "zod";

/** Error codes answered in `{"error":{"code","message","fields?"}}`; spec names kept where it has them. */
export const ERROR_CODES = [
  "validation_error",
  "unauthenticated",
  "invalid_token",
  "invalid_account",
  "forbidden",
  "account_restricted",
  "account_limited",
  "not_found",
  "email_taken",
  "invalid_credentials",
  "no_password",
  "rate_limited",
  "invalidAccess",
  "blockedBotCreator",
  "generation_in_progress",
  "message_limit",
  "waiting_room",
  "already_rated",
  "llm_unavailable",
  "generation_failed",
  "under_review",
  "review_closed",
  "imagePromptUnderage",
  "imageContentGuidelines",
  "images_unavailable",
  "image_training_required",
  "image_premium_required",
  "image_supporter_required",
  "username_taken",
  "default_persona",
  "persona_limit",
  "subscription_exists",
  "subscription_action_unavailable",
  "card_invalid",
  "order_expired",
  "invalid_pledge",
  "subscribestar_unavailable",
  "subscribestar_link_failed",
  "lorebook_invalid",
  "lorebook_limit",
  "voice_unavailable",
  "training_limit",
  "training_unavailable",
  "internal_error",
] as const;
export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const ERROR_MESSAGES = {
  unauthenticated: "You need to sign in to do that.",
  invalid_token: "Your session has expired. Please sign in again.",
  invalid_account: "INVALID ACCOUNT",
  forbidden: "You are not allowed to do that.",
  account_restricted: "Your account is restricted.",
  account_limited: "Your account has limited access: you can browse, but not post or change anything.",
  not_found: "Not found.",
  email_taken: "An account with this email already exists.",
  invalid_credentials: "Email or password is incorrect.",
  no_password: "Your account has no password to change: you sign in through a partner site.",
  rate_limited: "Too many attempts. Please wait a moment and try again.",
  invalidAccess: "You are not allowed to chat with this character. It's either private or deleted.",
  blockedBotCreator:
    "You have blocked the creator of this character. Please unblock creator to use this character.",
  generation_in_progress: "A reply is still being written in this conversation. Wait for it to finish.",
  /** The waiting room: a generation asked for before the caller's turn (README, Waiting room). */
  waiting_room:
    "You're in the waiting room: chat unlocks by itself when it's your turn. Subscribers skip the line.",
  already_rated: "You have already rated this message.",
  llm_unavailable: "No language model is available right now. Please try again later.",
  generation_failed: "There was an error processing the last request.",
  under_review: "This character is under review and cannot be edited right now.",
  /** Closing a review, or acting on a character with it, once an admin already closed it. */
  review_closed: "This review is already closed.",
  /** Chat spec 8: the automatic check found an underage context in an image prompt. */
  imagePromptUnderage:
    "The image prompt might contain references to underage context, please consider making changes and try again.",
  /** Chat spec 8: the NSFW classifier read a generated image as NSFW on the safe-for-work brand. */
  imageContentGuidelines: "Sorry, we cannot display this image as it may violate our content guidelines.",
  images_unavailable: "Images are not available on this server.",
  /** The image gate (chat spec 6, contracts images.ts): the training dialog, and the two upgrade dialogs. */
  image_training_required: "Train this character so its images look like it.",
  image_premium_required: "'I'm All In' Required",
  image_supporter_required: "True Supporter Plan Required",
  username_taken: "Username is not available",
  default_persona:
    "You cannot delete the default persona, please set another persona as the default or create a new one first.",
  persona_limit: "You have reached the persona limit of your plan.",
  /** Checkout: the member already has a live subscription (change it from the portal instead). */
  subscription_exists: "You already have a subscription. Manage it from your subscription page.",
  /** Portal: the action is not available in the subscription's state (e.g. Change Plan while cancelled). */
  subscription_action_unavailable: "That is not available for this subscription right now.",
  /** Checkout and portal: the payment token is unknown, expired or used up (subscriptions spec 5). */
  card_invalid: "Enter a valid card, expiration date and cvv.",
  /** Checkout: the order waited for its 3-D Secure check or provider longer than allowed (README, Billing). */
  order_expired: "This payment has expired. Start the checkout again.",
  /** SubscribeStar linking (account spec 8): no active pledge, or one of a tier Hearth does not know. */
  invalid_pledge: "no active pledge found",
  subscribestar_unavailable: "SubscribeStar linking is not available on this server.",
  subscribestar_link_failed: "There was an error linking your account.",
  /** A lorebook file that is none of the formats Hearth reads, or not valid in its format. */
  lorebook_invalid: "This file is not a lorebook Hearth can read.",
  lorebook_limit: "You have reached the lorebook limit.",
  /** No speech engine (or transcription server) answers: TTS_BASE_URL unreachable, espeak-ng missing. */
  voice_unavailable: "Voice is not available on this server right now.",
  /** Chat spec 8/9: a 5th training request within 24 hours (contracts training.ts, TRAINING_LIMITS). */
  training_limit: "There was an error submitting the training request.",
  /** No trainer configured (TRAINER_BASE_URL): nothing is queued. */
  training_unavailable: "Training is not available on this server.",
  internal_error: "Uh oh, something went wrong",
} as const satisfies Partial<Record<ErrorCode, string>>;
