import type { AvatarUploadResponse } from "@hearth/contracts";
import type { StoredAvatar } from "./storage";

/** `POST /api/uploads/avatar`: the main (400x400) image and every preset, by preset name. */
export function presentAvatarUpload(avatar: StoredAvatar): AvatarUploadResponse {
  const sizes: Record<string, string> = {};
  for (const [preset, url] of Object.entries(avatar.presetUrls)) if (url) sizes[preset] = url;
  return { avatar_url: avatar.url, sizes };
}
