import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { AvatarPreset } from "@hearth/contracts";
import type { ServerConfig } from "../../config";
import { resizeToPresets } from "./images";

export const UPLOADS_URL_PREFIX = "/uploads/";
/** The main avatar size, the one `avatar_url` names. */
const MAIN_PRESET: AvatarPreset = "400";

export const uploadsDir = (config: Pick<ServerConfig, "dataDir">) => join(config.dataDir, "uploads");
const avatarsDir = (config: Pick<ServerConfig, "dataDir">) => join(uploadsDir(config), "avatars");

const fileName = (id: string, preset: AvatarPreset) => `${id}-${preset}.webp`;

/** Where an uploaded avatar URL lives on disk, or null for anything that is not an upload of ours. */
export function avatarFilePath(config: Pick<ServerConfig, "dataDir">, url: string): string | null {
  const match = /^\/uploads\/avatars\/([0-9a-f-]{36}-(?:64|256|400|500x600)\.webp)$/.exec(url);
  return match?.[1] ? join(avatarsDir(config), match[1]) : null;
}

/** A stored avatar: the main image's URL and every preset's. */
export type StoredAvatar = { url: string; presetUrls: Partial<Record<AvatarPreset, string>> };

/**
 * Resizes an image to every avatar preset and stores them as `<uuid>-<preset>.webp` under
 * `${DATA_DIR}/uploads/avatars`; answers the URLs. Nothing is left behind when a write fails.
 */
export async function storeAvatar(
  config: Pick<ServerConfig, "dataDir">,
  bytes: Buffer,
): Promise<StoredAvatar> {
  const images = await resizeToPresets(bytes);
  const dir = avatarsDir(config);
  await mkdir(dir, { recursive: true });
  const id = randomUUID();
  const presets = Object.keys(images) as AvatarPreset[];
  try {
    await Promise.all(presets.map((preset) => writeFile(join(dir, fileName(id, preset)), images[preset])));
  } catch (error) {
    await removeAvatar(config, id);
    throw error;
  }
  const presetUrls = Object.fromEntries(
    presets.map((preset) => [preset, `/uploads/avatars/${fileName(id, preset)}`]),
  );
  return { url: `/uploads/avatars/${fileName(id, MAIN_PRESET)}`, presetUrls };
}

/** Removes every size of a stored avatar (for imports that fail after storing one). */
export async function removeAvatar(config: Pick<ServerConfig, "dataDir">, idOrUrl: string): Promise<void> {
  const id = /([0-9a-f-]{36})/.exec(idOrUrl)?.[1];
  if (!id) return;
  await Promise.all(
    (["64", "256", "400", "500x600"] as AvatarPreset[]).map((preset) =>
      rm(join(avatarsDir(config), fileName(id, preset)), { force: true }),
    ),
  );
}
