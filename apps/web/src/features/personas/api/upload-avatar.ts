import { avatarUploadResponseSchema } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

/** `POST /api/uploads/avatar` (multipart `file`); answers the main preset's URL. */
export async function uploadPersonaAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  const { avatar_url } = await apiFetch("/uploads/avatar", {
    method: "POST",
    body: form,
    schema: avatarUploadResponseSchema,
  });
  return avatar_url;
}
