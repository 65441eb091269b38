import { z } from "zod";

/** Avatar presets from the spec (64x64, 256x256, 400x400, 500x600); uploads are resized to these. */
export const AVATAR_PRESETS = {
  "64": { width: 64, height: 64 },
  "256": { width: 256, height: 256 },
  "400": { width: 400, height: 400 },
  "500x600": { width: 500, height: 600 },
} as const;
export type AvatarPreset = keyof typeof AVATAR_PRESETS;

export const AVATAR_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_UPLOAD_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

/**
 * `POST /api/uploads/avatar` (multipart, field `file`). `avatar_url` is the main (400x400) image; the
 * other presets share its name with a suffix, listed in `sizes`.
 */
export const avatarUploadResponseSchema = z.object({
  avatar_url: z.string(),
  sizes: z.record(z.string(), z.string()),
});
export type AvatarUploadResponse = z.infer<typeof avatarUploadResponseSchema>;
