/// <reference path="./png-chunks.d.ts" />
// Cards in PNG images: base64 of the card's UTF-8 JSON in tEXt chunks, `chara` (V2) and `ccv3` (V3).

import pngText from "png-chunk-text";
import encodeChunks from "png-chunks-encode";
import extractChunks, { type PngChunk } from "png-chunks-extract";
import { parsedToV2 } from "./convert";
import { base64ToBytes, bytesToBase64, utf8Decode, utf8Encode } from "./encoding";
import { CardError } from "./errors";
import { parseCardJson } from "./json";
import type { CardV2, CardV3, ParsedCard } from "./schema";
import { validateCard } from "./validate";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MAX_CHUNK_LENGTH = 0x7fffffff;
const V2_KEYWORD = "chara";
const V3_KEYWORD = "ccv3";

function readUint32(bytes: Uint8Array, offset: number): number {
  return (
    ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>>
    0
  );
}

/**
 * The extract library allocates each chunk at its declared length and copies byte by byte, so a damaged
 * length field could make it allocate gigabytes. This only checks that every chunk fits in the file up to
 * IEND; the library does the actual parsing and the CRC checks.
 */
function chunkLengthsFit(bytes: Uint8Array): boolean {
  let offset = PNG_SIGNATURE.length;
  while (offset + 8 <= bytes.length) {
    const length = readUint32(bytes, offset);
    if (length > MAX_CHUNK_LENGTH || offset + 12 + length > bytes.length) return false;
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (type === "IEND") return true;
    offset += 12 + length;
  }
  return false;
}

function readChunks(bytes: Uint8Array): PngChunk[] {
  if (bytes.length < PNG_SIGNATURE.length || PNG_SIGNATURE.some((byte, index) => bytes[index] !== byte)) {
    throw new CardError("invalid_png", "This file is not a PNG image.");
  }
  const damaged = new CardError("invalid_png", "This PNG image is damaged or incomplete.");
  if (!chunkLengthsFit(bytes)) throw damaged;
  try {
    return extractChunks(bytes);
  } catch {
    throw damaged;
  }
}

/**
 * The keyword of a tEXt chunk, lower-cased as SillyTavern compares it; null for other chunks. Read straight
 * from the bytes so that only the card chunk that is used gets decoded (cards can be megabytes).
 */
function keywordOf(chunk: PngChunk): string | null {
  if (chunk.name !== "tEXt") return null;
  const end = chunk.data.indexOf(0);
  return end > 0 ? String.fromCharCode(...chunk.data.subarray(0, Math.min(end, 80))).toLowerCase() : null;
}

function isCardChunk(chunk: PngChunk): boolean {
  const keyword = keywordOf(chunk);
  return keyword === V2_KEYWORD || keyword === V3_KEYWORD;
}

function decodeEmbeddedCard(chunk: PngChunk): ParsedCard {
  let text: string;
  try {
    text = pngText.decode(chunk.data).text;
  } catch {
    throw new CardError(
      "invalid_card",
      "The character card in this PNG is damaged (it holds a NUL character).",
    );
  }
  const bytes = base64ToBytes(text);
  if (!bytes)
    throw new CardError("invalid_card", "The character card in this PNG is damaged (not base64 data).");
  return parseCardJson(utf8Decode(bytes));
}

/** Reads the card in a PNG, `ccv3` first and `chara` when there is no readable `ccv3`. Throws CardError. */
export function readCardFromPng(bytes: Uint8Array): ParsedCard {
  const chunks = readChunks(bytes);
  const v3Chunk = chunks.find((chunk) => keywordOf(chunk) === V3_KEYWORD);
  const v2Chunk = chunks.find((chunk) => keywordOf(chunk) === V2_KEYWORD);
  if (!v3Chunk && !v2Chunk) throw new CardError("no_card", "This PNG has no character card in it.");
  if (!v3Chunk) return decodeEmbeddedCard(v2Chunk!);
  try {
    return decodeEmbeddedCard(v3Chunk);
  } catch (v3Error) {
    if (!v2Chunk) throw v3Error;
    try {
      return decodeEmbeddedCard(v2Chunk);
    } catch {
      throw v3Error;
    }
  }
}

function cardChunk(keyword: string, card: CardV2 | CardV3): PngChunk {
  return pngText.encode(keyword, bytesToBase64(utf8Encode(JSON.stringify(card))));
}

/**
 * A copy of the PNG with the card in it, replacing any card it held: `chara` with the V2 form always (older
 * apps read only that) and `ccv3` with the whole card when it is V3, both just before IEND. Throws CardError.
 */
export function writeCardToPng(image: Uint8Array, card: CardV2 | CardV3): Uint8Array {
  const parsed = validateCard(card);
  const chunks = readChunks(image).filter((chunk) => !isCardChunk(chunk));
  // The extract library ends the list with IEND.
  const end = chunks.pop()!;
  chunks.push(cardChunk(V2_KEYWORD, parsedToV2(parsed)));
  if (parsed.spec === "v3") chunks.push(cardChunk(V3_KEYWORD, parsed.card));
  chunks.push(end);
  return encodeChunks(chunks);
}
