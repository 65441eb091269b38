import { randomUUID } from "node:crypto";

/**
 * Object keys are made by the server only: `<kind>/<uuid>.<ext>`. Anything else (a member's input, a path
 * with `..`, a slash too many) is refused before it reaches the disk or the S3 store.
 */
const KINDS = {
  images: { png: "image/png", webp: "image/webp", jpg: "image/jpeg" },
  loras: { safetensors: "application/octet-stream" },
  audio: { mp3: "audio/mpeg", wav: "audio/wav", ogg: "audio/ogg" },
} as const;

export type MediaKind = keyof typeof KINDS;

const KEY_PATTERN =
  /^(images|loras|audio)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z0-9]{2,12})$/;

/** The content type a valid key's extension stands for, or null when the key is not one the server makes. */
export function mediaKeyContentType(key: string): string | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const kind = match[1] as MediaKind;
  const types: Record<string, string> = KINDS[kind];
  return types[match[3] as string] ?? null;
}

export function isMediaKey(key: string): boolean {
  return mediaKeyContentType(key) !== null;
}

/** Throws unless `key` is a key the server makes. */
export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
}

/** A new key, e.g. `newMediaKey("images", "png")` → `images/<uuid>.png`. */
export function newMediaKey<K extends MediaKind>(
  kind: K,
  extension: keyof (typeof KINDS)[K] & string,
): string {
  const key = `${kind}/${randomUUID()}.${extension}`;
  assertMediaKey(key);
  return key;
}

/** The app's URL serving a stored object (see routes.ts). */
export const MEDIA_URL_PREFIX = "/media/";
export const mediaUrl = (key: string): string => `${MEDIA_URL_PREFIX}${key}`;
