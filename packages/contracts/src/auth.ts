import { z } from "zod";
import { LIMITS } from "./constants";
import { meSchema } from "./users";

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(LIMITS.emailMax, `Email must be at most ${LIMITS.emailMax} characters`)
  .pipe(z.email("Please enter a valid email address"))
  .transform((e) => e.toLowerCase());

export const newPasswordSchema = z
  .string({ error: "Password is required" })
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

export const signupBodySchema = z.object({ email: emailSchema, password: newPasswordSchema });
export type SignupBody = z.infer<typeof signupBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const authResponseSchema = z.object({ access_token: z.string(), user: meSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const REFRESH_COOKIE = "hearth_refresh";

/** Own-account security: password change, sign out everywhere, re-authentication before removal. */
export const ACCOUNT_SECURITY_MESSAGES = {
  currentPasswordRequired: "Enter your current password.",
  currentPasswordWrong: "Your current password is incorrect.",
  newPasswordSame: "Choose a new password that differs from your current one.",
  confirmPasswordMismatch: "The new passwords do not match.",
  passwordChanged: "Password changed. You were signed out on every other device.",
  removalPasswordRequired: "Enter your password to remove your account.",
  removalPasswordWrong: "That password is incorrect. Nothing was removed.",
  removalConfirmRequired: "Type DELETE to confirm that you want to remove your account.",
} as const;

const currentPasswordSchema = z
  .string({ error: ACCOUNT_SECURITY_MESSAGES.currentPasswordRequired })
  .min(1, ACCOUNT_SECURITY_MESSAGES.currentPasswordRequired)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

/**
 * `PUT /api/users/password`, answered like sign-in (`{access_token, user}` and a new refresh cookie).
 * The new password follows the sign-up rules. A wrong current password is a 400 on `current_password`;
 * an account without a password (partner sign-in) answers 409 `no_password`.
 */
export const passwordChangeBodySchema = z
  .object({ current_password: currentPasswordSchema, new_password: newPasswordSchema })
  .refine((body) => body.new_password !== body.current_password, {
    message: ACCOUNT_SECURITY_MESSAGES.newPasswordSame,
    path: ["new_password"],
  });
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

/** The web form's own fields: the body plus the new password typed twice (checked in the browser only). */
export const passwordChangeFormSchema = z
  .object({
    current_password: currentPasswordSchema,
    new_password: newPasswordSchema,
    confirm_password: z.string(),
  })
  .refine((form) => form.new_password !== form.current_password, {
    message: ACCOUNT_SECURITY_MESSAGES.newPasswordSame,
    path: ["new_password"],
  })
  .refine((form) => form.confirm_password === form.new_password, {
    message: ACCOUNT_SECURITY_MESSAGES.confirmPasswordMismatch,
    path: ["confirm_password"],
  });
export type PasswordChangeForm = z.infer<typeof passwordChangeFormSchema>;

/** What a member without a password (partner sign-in) types to confirm account removal. */
export const ACCOUNT_REMOVAL_CONFIRMATION = "DELETE";

/**
 * `DELETE /api/users` (204). A member who has a password must send it (`password`): missing or wrong, the
 * answer is a 400 on `password` and nothing is removed. A member without one (partner sign-in) sends
 * `confirm: "DELETE"` instead. Either field may be sent; the account decides which one counts. The body
 * itself is required (`{}` at least): without one the answer is a 400 asking for a JSON object.
 */
export const accountRemovalBodySchema = z.object({
  password: z
    .string()
    .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`)
    .optional(),
  confirm: z
    .literal(ACCOUNT_REMOVAL_CONFIRMATION, { error: ACCOUNT_SECURITY_MESSAGES.removalConfirmRequired })
    .optional(),
});
export type AccountRemovalBody = z.infer<typeof accountRemovalBodySchema>;
