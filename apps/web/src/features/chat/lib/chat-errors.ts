import { ERROR_MESSAGES, MESSAGE_LIMIT_TEXTS } from "@hearth/contracts";

/** The default error's title (chat spec 8), followed by the reason in parentheses. */
export const DEFAULT_ERROR_TITLE = "There was an error processing the last request.";
export const OFFLINE_MESSAGE = "It looks like you're offline...";
export const OTHER_ERROR = "Uh oh, something went wrong";

export type Audience = "guest" | "free" | "subscriber";

/**
 * What the member is told for each failure code. The server's own message never reaches the page:
 * it may name internals (the model server's address, a refused upstream request), so it stays in the
 * console (use-chat.ts) and the page says what the code means in the spec's words.
 */
const REASONS: Record<string, string> = {
  generation_failed: "The reply could not be finished.",
  llm_unavailable: "The character can't reply right now.",
  rate_limited: "Too many messages in a short time. Wait a moment.",
  validation_error: "The message could not be sent as written.",
  not_found: "This conversation no longer exists.",
  generation_in_progress: ERROR_MESSAGES.generation_in_progress,
  unauthenticated: ERROR_MESSAGES.unauthenticated,
  invalid_token: ERROR_MESSAGES.invalid_token,
  forbidden: ERROR_MESSAGES.forbidden,
  account_restricted: ERROR_MESSAGES.account_restricted,
  account_limited: ERROR_MESSAGES.account_limited,
};

/** 'There was an error processing the last request. (reason)' for a failure code. */
export function defaultErrorText(code: string): string {
  return `${DEFAULT_ERROR_TITLE} (${REASONS[code] ?? `${OTHER_ERROR}.`})`;
}

/** The message-limit bar (chat spec 8): its title and upsell text depend on who hit the limit. */
export function messageLimitText(audience: Audience): { title: string; body: string } {
  if (audience === "guest")
    return { title: "You've used your free guest messages", body: MESSAGE_LIMIT_TEXTS.guest };
  if (audience === "free")
    return { title: "You've reached your message limit", body: MESSAGE_LIMIT_TEXTS.free };
  return {
    title: "You've reached your message limit",
    body: "Your plan's messages are used up for now. Please try again later.",
  };
}
