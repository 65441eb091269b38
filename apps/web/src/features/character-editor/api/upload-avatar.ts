import { type AvatarUploadResponse, avatarUploadResponseSchema } from "@hearth/contracts";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

/** `POST /api/uploads/avatar` (multipart `file`); the server resizes and crops to the avatar presets. */
export function useUploadAvatar() {
  return useMutation({
    mutationFn: (file: File): Promise<AvatarUploadResponse> => {
      const form = new FormData();
      form.append("file", file);
      return apiFetch("/uploads/avatar", { method: "POST", body: form, schema: avatarUploadResponseSchema });
    },
  });
}
