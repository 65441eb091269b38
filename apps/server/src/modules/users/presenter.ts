import { type Me, type OnboardingStep, permissionsFor, statusFromPermissions } from "@hearth/contracts";
import type { UserRow } from "../../db/schema";
import { memberPermissions, restrictionEndOf } from "../../kernel/access-policy";
import type { Guest } from "../../kernel/auth-context";

export type MeExtras = {
  defaultPersonaId: string | null;
  onboardingStep: OnboardingStep;
  needsEmailUpdate: boolean;
};

/** The user's own profile; the password hash and the OpenAI key never leave the server (only its hint). */
export function presentMe(user: UserRow, extras: MeExtras): Me {
  const permissions = memberPermissions(user);
  const restrictionEnd = restrictionEndOf(user);
  return {
    id: user.id,
    is_guest: false,
    email: user.email,
    username: user.username,
    name: user.name,
    avatar_url: user.avatarUrl,
    highlights: user.highlights,
    openai_mode: user.openaiMode,
    has_openai_api_key: user.openaiApiKeyEncrypted !== null,
    openai_api_key_hint: user.openaiApiKeyEncrypted === null ? null : user.openaiApiKeyHint,
    role: user.role,
    permissions,
    status: statusFromPermissions(permissions),
    restriction_ends_at: restrictionEnd ? restrictionEnd.toISOString() : null,
    subscription_platform: user.subscriptionPlatform,
    external_id: user.externalId,
    has_password: user.passwordHash !== null,
    show_nsfw: user.showNsfw,
    blur_nsfw_avatars: user.blurNsfwAvatars,
    onboarding_step: extras.onboardingStep,
    needs_email_update: extras.needsEmailUpdate,
    default_persona_id: extras.defaultPersonaId,
    created_at: user.createdAt.toISOString(),
  };
}

export function presentGuestMe(guest: Guest): Me {
  const permissions = permissionsFor("guest", null);
  return {
    id: guest.guestId,
    is_guest: true,
    email: null,
    username: null,
    name: null,
    avatar_url: null,
    highlights: null,
    openai_mode: "disabled",
    has_openai_api_key: false,
    openai_api_key_hint: null,
    role: "guest",
    permissions,
    status: statusFromPermissions(permissions),
    restriction_ends_at: null,
    subscription_platform: null,
    external_id: null,
    has_password: false,
    show_nsfw: false,
    blur_nsfw_avatars: true,
    onboarding_step: "done",
    needs_email_update: false,
    default_persona_id: null,
    created_at: guest.createdAt,
  };
}
