import { z } from "zod";
import { LIMITS } from "./constants";
import { type OnboardingStep, onboardingStepSchema, openaiModeSchema } from "./users";

/**
 * The one set of account validation rules (account spec 5), used by the web forms and the server alike.
 * Messages keep the spec's wording, typos included.
 */
export const PROFILE_LIMITS = {
  usernameMin: LIMITS.usernameMin,
  /** External signup and the v1 forms. */
  usernameMinExternal: 4,
  usernameMax: LIMITS.usernameMax,
  nameMin: LIMITS.nameMin,
  nameMinExternal: 4,
  nameMax: LIMITS.nameMax,
  /** The spec leaves the value open ("1-2 sentences advised"). */
  highlightsMax: 300,
  openaiKeyMax: LIMITS.openaiKeyMax,
  avatarUrlMax: 500,
} as const;

/** Letters, digits, underscore and hyphen. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;

export const PROFILE_MESSAGES = {
  usernameRequired: "Username can't be empty",
  usernameTooShort: "Username is too short",
  usernameTooShortExternal: `Username is too short, it should be at least ${PROFILE_LIMITS.usernameMinExternal} characters long.`,
  usernameTooLong: `Username should be less then ${PROFILE_LIMITS.usernameMax} characters`,
  usernameInvalidCharacters: "Username contain invalid characters",
  /** Shown beside the field while fewer than 4 characters are typed (spec 5: display message). */
  usernameInvalid: "Username is invalid",
  usernameTaken: "Username is not available",
  nameRequired: "Name can't be empty",
  nameTooShort: `Name should be of atleast ${PROFILE_LIMITS.nameMin} characters`,
  nameTooShortExternal: `Name should be of atleast ${PROFILE_LIMITS.nameMinExternal} characters`,
  nameTooLong: `Name should be less than ${PROFILE_LIMITS.nameMax} characters`,
  highlightsTooLong: `Highlights should be less than ${PROFILE_LIMITS.highlightsMax} characters`,
  openaiKeyTooLong: `OpenAI key should be less than ${PROFILE_LIMITS.openaiKeyMax} characters`,
  avatarUrlInvalid: "Avatar must be an uploaded image or an http(s) address",
  emailRequired: "Email can not be empty",
  emailInvalid: "Please enter a valid email address",
  emailHiddenRelay:
    "Hidden (private relay) email addresses can not be used, please enter your real email address.",
  emailBlockedDomain: "Email addresses from this domain can not be used, please enter another email address.",
  emailUnchanged: "Please enter a different email address.",
  ageRequired: "You must confirm that you are 18 years or older.",
  tocRequired: "You must agree with the terms and conditions.",
  guidelinesRequired: "You must agree to the community guidelines to continue.",
} as const;

function usernameRules(min: number, tooShort: string) {
  return z
    .string({ error: PROFILE_MESSAGES.usernameRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.usernameRequired)
    .min(min, tooShort)
    .max(PROFILE_LIMITS.usernameMax, PROFILE_MESSAGES.usernameTooLong)
    .regex(USERNAME_PATTERN, PROFILE_MESSAGES.usernameInvalidCharacters)
    .transform((username) => username.toLowerCase());
}

function nameRules(min: number, tooShort: string) {
  return z
    .string({ error: PROFILE_MESSAGES.nameRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.nameRequired)
    .min(min, tooShort)
    .max(PROFILE_LIMITS.nameMax, PROFILE_MESSAGES.nameTooLong);
}

/** Profile and onboarding: 3 to 20 characters, stored lower-cased. */
export const usernameSchema = usernameRules(PROFILE_LIMITS.usernameMin, PROFILE_MESSAGES.usernameTooShort);
/** External (partner) signup and the v1 forms: at least 4 characters. */
export const externalUsernameSchema = usernameRules(
  PROFILE_LIMITS.usernameMinExternal,
  PROFILE_MESSAGES.usernameTooShortExternal,
);
export const nameSchema = nameRules(PROFILE_LIMITS.nameMin, PROFILE_MESSAGES.nameTooShort);
export const externalNameSchema = nameRules(
  PROFILE_LIMITS.nameMinExternal,
  PROFILE_MESSAGES.nameTooShortExternal,
);

export const highlightsSchema = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.highlightsMax, PROFILE_MESSAGES.highlightsTooLong);

/** An uploaded image (a path on this site) or an http(s) address; never `javascript:` or `data:`. */
export const avatarUrlSchema = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.avatarUrlMax, PROFILE_MESSAGES.avatarUrlInvalid)
  .regex(/^(\/(?!\/)|https?:\/\/)\S*$/i, PROFILE_MESSAGES.avatarUrlInvalid);

/** Absent or null keeps the saved key; an empty string removes it; anything else replaces it. */
export const openaiApiKeySchema = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.openaiKeyMax, PROFILE_MESSAGES.openaiKeyTooLong)
  .nullish();

/**
 * `PUT /api/users/profile`, answered with the updated `Me`. Optional fields left out keep their saved value.
 * The adult-content toggles are ignored on the safe-for-work brand and on partner hosts, where they are
 * not offered.
 */
export const profileUpdateBodySchema = z.object({
  username: usernameSchema,
  name: nameSchema,
  highlights: highlightsSchema.optional(),
  openai_api_key: openaiApiKeySchema,
  openai_mode: openaiModeSchema.optional(),
  /** null removes the avatar. */
  avatar_url: avatarUrlSchema.nullish(),
  show_nsfw: z.boolean().optional(),
  blur_nsfw_avatars: z.boolean().optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;

/** `GET /api/users/username-availability?username=`; the caller's own username counts as available. */
export const usernameAvailabilityQuerySchema = z.object({ username: usernameSchema });
export const usernameAvailabilitySchema = z.object({ isAvailable: z.boolean() });
export type UsernameAvailability = z.infer<typeof usernameAvailabilitySchema>;

/** `PUT /api/users/email`, answered with `{email}`; for hidden-relay and blocked-domain addresses. */
export const emailUpdateBodySchema = z.object({
  email: z
    .string({ error: PROFILE_MESSAGES.emailRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.emailRequired)
    .max(LIMITS.emailMax, PROFILE_MESSAGES.emailInvalid)
    .pipe(z.email(PROFILE_MESSAGES.emailInvalid))
    .transform((email) => email.toLowerCase()),
});
export type EmailUpdateBody = z.input<typeof emailUpdateBodySchema>;
export const emailUpdateResponseSchema = z.object({ email: z.string() });
export type EmailUpdateResponse = z.infer<typeof emailUpdateResponseSchema>;

/** Apple's hidden relay domain: such users must give a real email (account spec 2.3). */
export const HIDDEN_RELAY_EMAIL_DOMAIN = "privaterelay.appleid.com";

export function emailDomainOf(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

/** Whether the domain is one of `domains` or a subdomain of one. */
export function isDomainListed(domain: string, domains: readonly string[]): boolean {
  return domains.some((listed) => domain === listed || domain.endsWith(`.${listed}`));
}

export function isHiddenRelayEmail(email: string): boolean {
  return isDomainListed(emailDomainOf(email), [HIDDEN_RELAY_EMAIL_DOMAIN]);
}

/** `GET /api/users/onboarding`: where the member is and what was typed so far. */
export const onboardingStateSchema = z.object({
  step: onboardingStepSchema,
  guidelines_accepted: z.boolean(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  age_confirmed: z.boolean(),
  toc_accepted: z.boolean(),
});
export type OnboardingState = z.infer<typeof onboardingStateSchema>;

/**
 * `PUT /api/users/onboarding`, answered with the state. Fields left out keep their saved value. Moving on
 * to `guidelines` needs a valid username and name and both checkboxes; `done` also needs the guidelines
 * ticked and then sets the username and name on the account (409 `username_taken` when the name is gone,
 * and the saved step goes back to `welcome`).
 */
export const onboardingUpdateBodySchema = z.object({
  step: onboardingStepSchema,
  guidelines_accepted: z.boolean().optional(),
  username: z.string().max(200).optional(),
  name: z.string().max(200).optional(),
  age_confirmed: z.boolean().optional(),
  toc_accepted: z.boolean().optional(),
});
export type OnboardingUpdateBody = z.infer<typeof onboardingUpdateBodySchema>;

/**
 * What keeps onboarding from reaching `step`, per field (username, name, age_confirmed, toc_accepted,
 * guidelines_accepted); empty when it may. Shared by the modal and the server.
 */
export function onboardingProblems(
  state: Omit<OnboardingState, "step">,
  step: OnboardingStep,
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (step === "welcome") return problems;
  const username = usernameSchema.safeParse(state.username ?? "");
  if (!username.success) problems.username = username.error.issues[0]?.message ?? "";
  const name = nameSchema.safeParse(state.name ?? "");
  if (!name.success) problems.name = name.error.issues[0]?.message ?? "";
  if (!state.age_confirmed) problems.age_confirmed = PROFILE_MESSAGES.ageRequired;
  if (!state.toc_accepted) problems.toc_accepted = PROFILE_MESSAGES.tocRequired;
  if (step === "done" && !state.guidelines_accepted) {
    problems.guidelines_accepted = PROFILE_MESSAGES.guidelinesRequired;
  }
  return problems;
}

/** `POST /api/external/users` on partner hosts, answered like sign-up (`{access_token, user}`). */
export const externalUserBodySchema = z.object({
  name: externalNameSchema,
  username: externalUsernameSchema,
});
export type ExternalUserBody = z.input<typeof externalUserBodySchema>;

/** `POST /api/auth/partner`: the partner's HS256 JWT (claims `sub` = external id, `name`), from `?jwt=`. */
export const partnerSignInBodySchema = z.object({ token: z.string().min(1).max(4096) });

/** `GET /api/users/removal-check`: the warning and countdown before `DELETE /api/users`. */
export const accountRemovalCheckSchema = z.object({
  managed_subscription: z.boolean(),
  /** The configured constant; the countdown starts at this plus one (account spec 2.2). */
  countdown_seconds: z.number().int(),
});
export type AccountRemovalCheck = z.infer<typeof accountRemovalCheckSchema>;
