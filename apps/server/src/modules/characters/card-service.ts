import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { CARD_IMPORT_MAX_BYTES, type CharacterExportQuery, type OwnCharacter } from "@hearth/contracts";
import {
  CardError,
  type ParsedCard,
  parseCardJson,
  readCardFromPng,
  serializeCardJson,
  writeCardToPng,
} from "@hearth/prompt";
import type { FastifyRequest } from "fastify";
import sharp from "sharp";
import type { AppContext } from "../../context";
import { fileBaseName } from "../../http/download";
import { AppError, notFound } from "../../http/errors";
import { AVATARS_DIR } from "../../paths";
import { avatarFilePath, readUploadedFile, removeAvatar, storeAvatar } from "../uploads/index";
import { cardFromCharacter, characterFromCard, importBody } from "./card-mapping";
import { canSeeAvatar, decideExport } from "./policy";
import { findCharacterById } from "./repository";
import type { CharacterChecks } from "./review-port";
import { createCharacter } from "./service";
import { platformTokenCounter } from "./token-count";
import type { Viewer } from "./viewer";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const EXPORT_SIZE = 400;
const HIDDEN_DEFINITION = "This character's definition is hidden by its creator, so it cannot be exported.";

const cardError = (error: CardError) =>
  new AppError(400, "validation_error", error.message, { file: error.message });

function readCard(bytes: Buffer): ParsedCard {
  try {
    if (bytes.subarray(0, 4).equals(PNG_SIGNATURE)) return readCardFromPng(bytes);
    return parseCardJson(bytes.toString("utf8"));
  } catch (error) {
    if (error instanceof CardError) throw cardError(error);
    throw error;
  }
}

/**
 * `POST /api/characters/import`: a V1/V2/V3 card as JSON or PNG becomes a private character of the
 * caller; a PNG's image becomes its avatar. Nothing is created when the card is refused. The automatic
 * check reads it like any new character (`checks`).
 */
export async function importCard(
  ctx: AppContext,
  checks: CharacterChecks,
  viewer: Viewer & { userId: string },
  request: FastifyRequest,
): Promise<OwnCharacter> {
  const file = await readUploadedFile(request, CARD_IMPORT_MAX_BYTES);
  const parsed = readCard(file.bytes);
  const { fields, cardExtras, droppedExtras } = characterFromCard(parsed);
  if (droppedExtras.length > 0) {
    request.log.info({ dropped: droppedExtras.slice(0, 50) }, "card extras over the cap were not kept");
  }
  // A PNG card is also its picture; an image sharp cannot read only means no avatar.
  const isPng = file.bytes.subarray(0, 4).equals(PNG_SIGNATURE);
  const avatar = isPng ? await storeAvatar(ctx.config, file.bytes).catch(() => null) : null;
  try {
    return await createCharacter(
      ctx.database.db,
      viewer,
      importBody(fields, avatar?.url ?? null),
      platformTokenCounter(ctx.llm),
      checks,
      cardExtras,
    );
  } catch (error) {
    if (avatar) await removeAvatar(ctx.config, avatar.url);
    throw error;
  }
}

export type ExportedFile = { filename: string; contentType: string; bytes: Buffer };

/** The stored avatar as a 400x400 PNG, or a plain image in a colour taken from the name when there is none. */
async function avatarPng(ctx: AppContext, avatarUrl: string | null, name: string): Promise<Buffer> {
  const upload = avatarUrl ? avatarFilePath(ctx.config, avatarUrl) : null;
  const bundled = avatarUrl?.startsWith("/avatars/")
    ? join(AVATARS_DIR, avatarUrl.slice("/avatars/".length))
    : null;
  const path = upload ?? (bundled && !bundled.includes("..") ? bundled : null);
  if (path) {
    try {
      const source = await readFile(path);
      return await sharp(source).resize(EXPORT_SIZE, EXPORT_SIZE, { fit: "cover" }).png().toBuffer();
    } catch {
      // A missing or unreadable file falls back to the plain image.
    }
  }
  let hue = 0;
  for (const char of name) hue = (hue * 31 + (char.codePointAt(0) ?? 0)) % 360;
  const [r, g, b] = hslToRgb(hue, 0.45, 0.35);
  return sharp({ create: { width: EXPORT_SIZE, height: EXPORT_SIZE, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const [r, g, b] =
    hue < 60
      ? [chroma, x, 0]
      : hue < 120
        ? [x, chroma, 0]
        : hue < 180
          ? [0, chroma, x]
          : hue < 240
            ? [0, x, chroma]
            : hue < 300
              ? [x, 0, chroma]
              : [chroma, 0, x];
  return [r, g, b].map((value) => Math.round((value + m) * 255)) as [number, number, number];
}

/** An ASCII file name from the character's name. */

/**
 * `GET /api/characters/{id}/export`: the card as JSON or inside the avatar PNG, V2 or V3. Allowed to the
 * creator, and to anyone who may view the character when its definition is visible.
 */
export async function exportCard(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  query: CharacterExportQuery,
): Promise<ExportedFile> {
  const row = await findCharacterById(ctx.database.db, id);
  const decision = decideExport(row, viewer);
  if (decision === "not_found" || !row) throw notFound();
  if (decision === "hidden_definition") throw new AppError(403, "forbidden", HIDDEN_DEFINITION);
  const card = cardFromCharacter(row, query.spec);
  const base = `${fileBaseName(row.name, "character")}.${query.spec}`;
  if (query.format === "json") {
    return {
      filename: `${base}.json`,
      contentType: "application/json; charset=utf-8",
      bytes: Buffer.from(serializeCardJson(card), "utf8"),
    };
  }
  const image = await avatarPng(ctx, canSeeAvatar(row, viewer) ? row.avatarUrl : null, row.name);
  return {
    filename: `${base}.png`,
    contentType: "image/png",
    bytes: Buffer.from(writeCardToPng(image, card)),
  };
}
