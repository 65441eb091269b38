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
