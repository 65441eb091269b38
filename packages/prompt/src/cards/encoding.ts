// UTF-8 and base64 without Buffer, TextEncoder or atob, so the package stays platform-neutral and typed
// with the plain ES library.

const BASE64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const BASE64_CODES = Uint8Array.from(BASE64_ALPHABET, (char) => char.charCodeAt(0));
/** Value of each ASCII code in base64, -1 when it is not a base64 character; URL-safe - and _ are accepted. */
const BASE64_VALUES = new Int8Array(128).fill(-1);
for (const [index, code] of BASE64_CODES.entries()) BASE64_VALUES[code] = index;
BASE64_VALUES["-".charCodeAt(0)] = 62;
BASE64_VALUES["_".charCodeAt(0)] = 63;
const PADDING = 0x3d;
const REPLACEMENT_CHARACTER = 0xfffd;
const STRING_CHUNK = 8192;

function codeUnitsToString(units: Uint8Array | Uint16Array): string {
  const parts: string[] = [];
  for (let start = 0; start < units.length; start += STRING_CHUNK) {
    // apply takes any array-like; passing the typed array directly is many times faster than spreading it.
    parts.push(
      String.fromCharCode.apply(null, units.subarray(start, start + STRING_CHUNK) as unknown as number[]),
    );
  }
  return parts.join("");
}

/** Encodes text as UTF-8; lone surrogates become U+FFFD, as TextEncoder does. */
export function utf8Encode(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length * 3);
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    let codePoint = text.charCodeAt(index);
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) {
      const next = text.charCodeAt(index + 1);
      if (codePoint <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        codePoint = 0x10000 + ((codePoint - 0xd800) << 10) + (next - 0xdc00);
        index++;
      } else {
        codePoint = REPLACEMENT_CHARACTER;
      }
    }
    if (codePoint < 0x80) {
      bytes[length++] = codePoint;
    } else if (codePoint < 0x800) {
      bytes[length++] = 0xc0 | (codePoint >> 6);
      bytes[length++] = 0x80 | (codePoint & 0x3f);
    } else if (codePoint < 0x10000) {
      bytes[length++] = 0xe0 | (codePoint >> 12);
      bytes[length++] = 0x80 | ((codePoint >> 6) & 0x3f);
      bytes[length++] = 0x80 | (codePoint & 0x3f);
    } else {
      bytes[length++] = 0xf0 | (codePoint >> 18);
      bytes[length++] = 0x80 | ((codePoint >> 12) & 0x3f);
      bytes[length++] = 0x80 | ((codePoint >> 6) & 0x3f);
      bytes[length++] = 0x80 | (codePoint & 0x3f);
    }
  }
  return bytes.slice(0, length);
}

/** Decodes UTF-8 like a non-fatal TextDecoder: each invalid sequence becomes U+FFFD. */
export function utf8Decode(bytes: Uint8Array): string {
  // A valid sequence never yields more UTF-16 code units than it has bytes, nor does an invalid one.
  const units = new Uint16Array(bytes.length);
  let length = 0;
  let codePoint = 0;
  let needed = 0;
  let seen = 0;
  let lower = 0x80;
  let upper = 0xbf;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index]!;
    if (needed === 0) {
      if (byte < 0x80) {
        units[length++] = byte;
      } else if (byte >= 0xc2 && byte <= 0xdf) {
        needed = 1;
        codePoint = byte & 0x1f;
      } else if (byte >= 0xe0 && byte <= 0xef) {
        if (byte === 0xe0) lower = 0xa0;
        if (byte === 0xed) upper = 0x9f;
        needed = 2;
        codePoint = byte & 0x0f;
      } else if (byte >= 0xf0 && byte <= 0xf4) {
        if (byte === 0xf0) lower = 0x90;
        if (byte === 0xf4) upper = 0x8f;
        needed = 3;
        codePoint = byte & 0x07;
      } else {
        units[length++] = REPLACEMENT_CHARACTER;
      }
      continue;
    }
    if (byte < lower || byte > upper) {
      // The broken sequence ends here; the byte itself starts over.
      units[length++] = REPLACEMENT_CHARACTER;
      needed = 0;
      seen = 0;
      lower = 0x80;
      upper = 0xbf;
      index--;
      continue;
    }
    lower = 0x80;
    upper = 0xbf;
    codePoint = (codePoint << 6) | (byte & 0x3f);
    seen++;
    if (seen === needed) {
      if (codePoint >= 0x10000) {
        const offset = codePoint - 0x10000;
        units[length++] = 0xd800 + (offset >> 10);
        units[length++] = 0xdc00 + (offset & 0x3ff);
      } else {
        units[length++] = codePoint;
      }
      needed = 0;
      seen = 0;
    }
  }
  if (needed > 0) units[length++] = REPLACEMENT_CHARACTER;
  return codeUnitsToString(units.subarray(0, length));
}

export function bytesToBase64(bytes: Uint8Array): string {
  const output = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let length = 0;
  for (let index = 0; index < bytes.length; index += 3) {
    const remaining = bytes.length - index;
    const triple = (bytes[index]! << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
    output[length++] = BASE64_CODES[triple >> 18]!;
    output[length++] = BASE64_CODES[(triple >> 12) & 0x3f]!;
    output[length++] = remaining > 1 ? BASE64_CODES[(triple >> 6) & 0x3f]! : PADDING;
    output[length++] = remaining > 2 ? BASE64_CODES[triple & 0x3f]! : PADDING;
  }
  return codeUnitsToString(output);
}

/** Decodes base64 (whitespace and missing padding tolerated); null when the text is not base64. */
export function base64ToBytes(text: string): Uint8Array | null {
  const compact = text.replace(/[\t\n\f\r ]+/g, "");
  const unpadded = compact.replace(/={1,2}$/, "");
  if (compact.length % 4 !== 0 && compact !== unpadded) return null;
  if (unpadded.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((unpadded.length * 3) / 4));
  let length = 0;
  let buffer = 0;
  let bits = 0;
  for (let index = 0; index < unpadded.length; index++) {
    const value = BASE64_VALUES[unpadded.charCodeAt(index)] ?? -1;
    if (value < 0) return null;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[length++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes;
}
