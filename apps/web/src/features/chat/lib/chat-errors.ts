import { ERROR_MESSAGES, MESSAGE_LIMIT_TEXTS } from "@hearth/contracts";
import { ApiError } from "../../../lib/api-client";

export type ChatFailure = { code: string; message: string };

/** Errors after which nothing can be sent (chat spec 4: input disabled after a code error). */
export const BLOCKING_CODES: ReadonlySet<string> = new Set([
  "invalidAccess",
  "blockedBotCreator",
  "message_limit",
]);

/**
 * Failures worth trying again as they are (the model or the network failed). A message refused for any
 * other reason (a limit, access, validation, a reply already running) was not sent and is not retried:
 * it leaves the conversation and its text goes back to the input.
 */
export const RETRYABLE_CODES: ReadonlySet<string> = new Set([
  "generation_failed",
  "llm_unavailable",
  "internal_error",
  "network_error",
  "rate_limited",
]);

export function isRetryable(code: string): boolean {
  return RETRYABLE_CODES.has(code);
}

export function isBlocking(failure: ChatFailure | null): boolean {
  return failure !== null && BLOCKING_CODES.has(failure.code);
}

/**
 * The failure as the page keeps it. The server's message stays in the console only: the page shows the
 * spec's wording for the code (error-bar.tsx), never internal details such as the model server's address.
 */
export function toFailure(error: unknown): ChatFailure {
  if (error instanceof ApiError) {
    console.warn(`Chat request failed: ${error.code} (${error.status}): ${error.message}`);
    return { code: error.code, message: error.message };
  }
  console.warn("Chat request failed", error);
  return { code: "internal_error", message: "Uh oh, something went wrong" };
}

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

/**
 * A message (or a regenerate, continue or suggestion) asked for while a reply is still being written in
 * the conversation, from another tab or window: nothing was sent, and a message's text is back in the input.
 */
export const BUSY_ELSEWHERE_TEXT = {
  title: "Not sent: a reply is still being written",
  body: "This conversation is busy, maybe in another tab or window. Try again once that reply is finished; anything you wrote is back in the message box.",
} as const;

/**
 * A message (or a regenerate, continue or suggestion) asked for before the visitor's turn in the waiting
 * room: nothing was sent, and a message's text is back in the input.
 */
export const WAITING_ROOM_REFUSED_TEXT = {
  title: "Not sent: you're in the waiting room",
  body: `${ERROR_MESSAGES.waiting_room} Anything you wrote is back in the message box.`,
} as const;

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
