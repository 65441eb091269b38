import type { profileUpdateBodySchema } from "@hearth/contracts";
import type { z } from "zod";
import type { Database } from "../../db/client";
import type { UserRow } from "../../db/schema";
import {
  encryptOpenAiKey,
  isUniqueViolation,
  isUsernameTaken,
  openAiKeyHint,
  type UserUpdate,
  updateUser,
  usernameTaken,
} from "../users/index";
import { can, type ProfileActor } from "./policy";

type ProfileUpdate = z.output<typeof profileUpdateBodySchema>;

/** Free, or already the caller's own. */
export async function isUsernameAvailable(db: Database, username: string, user: UserRow | null) {
  return !(await isUsernameTaken(db, username, user?.id ?? null));
}

/** The key's stored columns: absent or null keeps them, "" clears them, a value replaces them encrypted. */
function openAiKeyUpdate(key: string | null | undefined, encryptionKey: string): UserUpdate {
  if (key === undefined || key === null) return {};
  if (key === "") return { openaiApiKeyEncrypted: null, openaiApiKeyHint: null };
  return {
    openaiApiKeyEncrypted: encryptOpenAiKey(key, encryptionKey),
    openaiApiKeyHint: openAiKeyHint(key),
  };
}

/**
 * Saves the profile form. The adult-content toggles are left alone where they are not offered (policy
 * `change_adult_settings`: safe-for-work brand or a partner host).
 */
export async function updateProfile(
  db: Database,
  user: UserRow,
  body: ProfileUpdate,
  options: { encryptionKey: string; where: ProfileActor },
): Promise<UserRow> {
  const adultTogglesOffered = can(options.where, "change_adult_settings", null);
  if (await isUsernameTaken(db, body.username, user.id)) throw usernameTaken();
  const values: UserUpdate = {
    username: body.username,
    name: body.name,
    ...(body.highlights === undefined ? {} : { highlights: body.highlights }),
    ...(body.avatar_url === undefined ? {} : { avatarUrl: body.avatar_url }),
    ...(body.openai_mode === undefined ? {} : { openaiMode: body.openai_mode }),
    ...openAiKeyUpdate(body.openai_api_key, options.encryptionKey),
    ...(adultTogglesOffered && body.show_nsfw !== undefined ? { showNsfw: body.show_nsfw } : {}),
    ...(adultTogglesOffered && body.blur_nsfw_avatars !== undefined
      ? { blurNsfwAvatars: body.blur_nsfw_avatars }
      : {}),
  };
  try {
    return await updateUser(db, user.id, values);
  } catch (error) {
    // Someone took the name between the check and the write.
    if (isUniqueViolation(error, "users_username_unique")) throw usernameTaken();
    throw error;
  }
}
