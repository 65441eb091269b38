/// <reference path="./png-chunks.d.ts" />
// Cards in PNG images: base64 of the card's UTF-8 JSON in tEXt chunks, `chara` (V2) and `ccv3` (V3).

import extractChunks, { type PngChunk } from "png-chunks-extract";
import encodeChunks from "png-chunks-encode";
import pngText from "png-chunk-text";
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
  return ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>> 0;
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

/** The keyword of a tEXt chunk, lower-cased as SillyTavern compares it; null for other or broken chunks. */
function textOf(chunk: PngChunk): { keyword: string; text: string } | null {
  if (chunk.name !== "tEXt") return null;
  try {
    const { keyword, text } = pngText.decode(chunk.data);
    return { keyword: keyword.toLowerCase(), text };
  } catch {
    return null;
  }
}

function isCardChunk(chunk: PngChunk): boolean {
  const keyword = textOf(chunk)?.keyword;
  return keyword === V2_KEYWORD || keyword === V3_KEYWORD;
}

function decodeEmbeddedCard(text: string): ParsedCard {
  const bytes = base64ToBytes(text);
  if (!bytes) throw new CardError("invalid_card", "The character card in this PNG is damaged (not base64 data).");
  return parseCardJson(utf8Decode(bytes));
}

/** Reads the card in a PNG, `ccv3` first and `chara` when there is no readable `ccv3`. Throws CardError. */
export function readCardFromPng(bytes: Uint8Array): ParsedCard {
  const texts = readChunks(bytes).flatMap((chunk) => textOf(chunk) ?? []);
  const v3Text = texts.find((entry) => entry.keyword === V3_KEYWORD)?.text;
  const v2Text = texts.find((entry) => entry.keyword === V2_KEYWORD)?.text;
  if (v3Text === undefined && v2Text === undefined) {
    throw new CardError("no_card", "This PNG has no character card in it.");
  }
  if (v3Text === undefined) return decodeEmbeddedCard(v2Text!);
  try {
    return decodeEmbeddedCard(v3Text);
  } catch (v3Error) {
    if (v2Text === undefined) throw v3Error;
    try {
      return decodeEmbeddedCard(v2Text);
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
