import { AVATAR_PRESETS, type AvatarPreset } from "@hearth/contracts";
import sharp from "sharp";
import { AppError } from "../../http/errors";

/** Decompression bombs stop here: no accepted avatar needs more than 40 megapixels. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["png", "jpeg", "webp", "gif"]);
const NOT_AN_IMAGE = "The file is not a PNG, JPEG, WebP or GIF image.";

const imageError = (message: string) => new AppError(400, "validation_error", message, { file: message });

/** Checks what the bytes really are (never trusting the declared type); throws a clear 400 otherwise. */
export async function assertSupportedImage(bytes: Buffer): Promise<void> {
  let format: string | undefined;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = metadata.format;
  } catch {
    throw imageError(NOT_AN_IMAGE);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw imageError(NOT_AN_IMAGE);
}

/** The image cover-cropped to every avatar preset as WebP (the first frame of an animation). */
export async function resizeToPresets(bytes: Buffer): Promise<Record<AvatarPreset, Buffer>> {
  await assertSupportedImage(bytes);
  try {
    const entries = await Promise.all(
      (Object.keys(AVATAR_PRESETS) as AvatarPreset[]).map(async (preset) => {
        const { width, height } = AVATAR_PRESETS[preset];
        const output = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize(width, height, { fit: "cover", position: "attention" })
          .webp({ quality: 85 })
          .toBuffer();
        return [preset, output] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<AvatarPreset, Buffer>;
  } catch {
    throw imageError("The image could not be read; it may be damaged.");
  }
}
