import { type AvatarUploadResponse, avatarUploadResponseSchema } from "@hearth/contracts";
import { apiFetch } from "../lib/api-client";

/**
 * `POST /api/uploads/avatar` (multipart `file`): the server resizes and crops the image to the avatar
 * presets; used by the character editor, the persona form and the profile.
 */
export function uploadAvatar(file: File): Promise<AvatarUploadResponse> {
  const form = new FormData();
  form.append("file", file);
  return apiFetch("/uploads/avatar", { method: "POST", body: form, schema: avatarUploadResponseSchema });
}

/** The avatar fields' upload: answers the main preset's URL. */
export async function uploadAvatarUrl(file: File): Promise<string> {
  return (await uploadAvatar(file)).avatar_url;
}
