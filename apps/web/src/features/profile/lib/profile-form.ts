import {
  HIDDEN_BENEFIT_PERMISSIONS,
  type Me,
  PAID_ROLES,
  type Permission,
  type ProfileUpdateBody,
  profileUpdateBodySchema,
} from "@hearth/contracts";
import { type FieldErrors, fieldErrorsFromZod } from "../../../lib/field-errors";

/** What the profile form edits. The OpenAI key field is only ever a new key: the saved one is never sent. */
export type ProfileValues = {
  username: string;
  name: string;
  avatar_url: string | null;
  highlights: string;
  /** A new key typed by the user; empty keeps the saved key. */
  openai_api_key: string;
  /** Removes the saved key on Update. */
  remove_openai_key: boolean;
  openai_mode: Me["openai_mode"];
  show_nsfw: boolean;
  blur_nsfw_avatars: boolean;
};

export function valuesFromMe(me: Me): ProfileValues {
  return {
    username: me.username ?? "",
    name: me.name ?? "",
    avatar_url: me.avatar_url,
    highlights: me.highlights ?? "",
    openai_api_key: "",
    remove_openai_key: false,
    openai_mode: me.openai_mode,
    show_nsfw: me.show_nsfw,
    blur_nsfw_avatars: me.blur_nsfw_avatars,
  };
}

/** The modified flag: any field differs from the saved value. */
export function isModified(saved: ProfileValues, current: ProfileValues): boolean {
  return (Object.keys(saved) as (keyof ProfileValues)[]).some((key) => saved[key] !== current[key]);
}

/** The `PUT /api/users/profile` body; adult toggles only where they are offered. */
export function profileBody(values: ProfileValues, adultToggles: boolean): ProfileUpdateBody {
  const key = values.openai_api_key.trim();
  return {
    username: values.username,
    name: values.name,
    highlights: values.highlights,
    avatar_url: values.avatar_url,
    openai_mode: values.openai_mode,
    openai_api_key: values.remove_openai_key ? "" : key ? key : undefined,
    ...(adultToggles ? { show_nsfw: values.show_nsfw, blur_nsfw_avatars: values.blur_nsfw_avatars } : {}),
  };
}

/** Validates with the contracts' rules (the same the server applies); answers messages per field. */
export function validateProfile(
  values: ProfileValues,
  adultToggles: boolean,
): { body: ProfileUpdateBody; errors: null } | { body: null; errors: FieldErrors } {
  const body = profileBody(values, adultToggles);
  const parsed = profileUpdateBodySchema.safeParse(body);
  return parsed.success ? { body, errors: null } : { body: null, errors: fieldErrorsFromZod(parsed.error) };
}

export const PERMISSION_LABELS: Record<Permission, string> = {
  site_access: "Site access",
  view_chat: "Chat with characters",
  view_my_chat_bots: "My Chatbots",
  create_character: "Create characters",
  report_character: "Report characters",
  delete_character: "Delete your characters",
  generation_settings: "Generation settings",
  conversation_images: "Images in chat",
  conversation_images_v2: "Better images in chat",
  image_training: "Character image training",
  "3k_context": "3K memory",
  "4k_context": "4K memory",
  "8k_context": "8K memory",
  memory_manager: "Memory manager",
  conversation_memory_auto: "Automatic memories",
  skip_waiting_room: "Skip the waiting room",
  display_ads: "Ads",
  "text-to-speech": "Voice replies",
  limited_access: "Limited access",
  temporary_restriction: "Temporary restriction",
  complete_restriction: "Restriction",
};

/**
 * 'Your Benefits' chips (account spec 2.1): the user's permissions except site_access and the hidden
 * list, shown "when the user has no role and more than one permission". Every account here has a role,
 * so "no role" is read as no paid plan (guest, free, admin): paid members see their plan badge instead.
 */
export function benefitChips(role: Me["role"], permissions: readonly Permission[]): Permission[] {
  if ((PAID_ROLES as readonly string[]).includes(role)) return [];
  const visible = permissions.filter((p) => p !== "site_access" && !HIDDEN_BENEFIT_PERMISSIONS.includes(p));
  return visible.length > 1 ? visible : [];
}
