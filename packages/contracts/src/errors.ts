import { z } from "zod";

/** Error codes answered in `{"error":{"code","message","fields?"}}`; spec names kept where it has them. */
export const ERROR_CODES = [
  "validation_error",
  "unauthenticated",
  "invalid_token",
  "invalid_account",
  "forbidden",
  "not_found",
  "email_taken",
  "invalid_credentials",
  "rate_limited",
  "invalidAccess",
  "blockedBotCreator",
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
  not_found: "Not found.",
  email_taken: "An account with this email already exists.",
  invalid_credentials: "Email or password is incorrect.",
  rate_limited: "Too many attempts. Please wait a moment and try again.",
  invalidAccess: "You are not allowed to chat with this character. It's either private or deleted.",
  internal_error: "Uh oh, something went wrong",
} as const satisfies Partial<Record<ErrorCode, string>>;
