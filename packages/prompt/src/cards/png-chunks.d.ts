// Minimal types for the PNG chunk libraries, which ship none. Only what the card code uses.

declare module "png-chunks-extract" {
  export interface PngChunk {
    name: string;
    data: Uint8Array;
  }
  /** Splits a PNG into its chunks, up to and including IEND. Throws on a bad signature, CRC or missing IEND. */
  export default function extractChunks(data: Uint8Array): PngChunk[];
}

declare module "png-chunks-encode" {
  import type { PngChunk } from "png-chunks-extract";
  /** Builds a PNG (signature, lengths and CRCs) from chunks. */
  export default function encodeChunks(chunks: readonly PngChunk[]): Uint8Array;
}

declare module "png-chunk-text" {
  import type { PngChunk } from "png-chunks-extract";

  interface PngText {
    /** Latin-1 only; throws otherwise. */
    encode(keyword: string, content: string): PngChunk;
    /** Throws when the text holds a NUL character. */
    decode(data: Uint8Array | PngChunk): { keyword: string; text: string };
  }
  const pngText: PngText;
  export default pngText;
}
