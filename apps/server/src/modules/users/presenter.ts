import { type Me, permissionsFor, statusFromPermissions } from "@hearth/contracts";
import type { UserRow } from "../../db/schema";
import type { Guest } from "../auth/tokens";

/** The user's own profile; the password hash and the OpenAI key never leave the server. */
export function presentMe(user: UserRow): Me {
  const permissions = permissionsFor(user.role, user.restriction);
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
    role: user.role,
    permissions,
    status: statusFromPermissions(permissions),
    subscription_platform: user.subscriptionPlatform,
    external_id: user.externalId,
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
    role: "guest",
    permissions,
    status: statusFromPermissions(permissions),
    subscription_platform: null,
    external_id: null,
    created_at: guest.createdAt,
  };
}
