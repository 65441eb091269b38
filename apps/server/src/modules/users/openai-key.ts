import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256 needs 32 bytes; ENCRYPTION_KEY is any string of 32+ characters, so it is hashed to size. */
function aesKey(encryptionKey: string): Buffer {
  return createHash("sha256").update(encryptionKey, "utf8").digest();
}

/** Encrypts a user's OpenAI key for storage: `v1:` + base64url(iv | auth tag | ciphertext), AES-256-GCM. */
export function encryptOpenAiKey(plain: string, encryptionKey: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", aesKey(encryptionKey), iv);
  const encrypted = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64url")}`;
}

/** Decrypts what `encryptOpenAiKey` stored; throws when it was tampered with or another key made it. */
export function decryptOpenAiKey(cipherText: string, encryptionKey: string): string {
  const [version, payload] = cipherText.split(":");
  if (version !== VERSION || !payload) throw new Error("Unknown OpenAI key format");
  const data = Buffer.from(payload, "base64url");
  if (data.length < IV_BYTES + TAG_BYTES) throw new Error("Truncated OpenAI key");
  const decipher = createDecipheriv("aes-256-gcm", aesKey(encryptionKey), data.subarray(0, IV_BYTES));
  decipher.setAuthTag(data.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(data.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    "utf8",
  );
}

/**
 * What the profile shows instead of the key: its prefix up to the first dash and its last 4 characters,
 * counted in code points so an emoji is never cut in half (a lone surrogate cannot be stored).
 */
export function openAiKeyHint(plain: string): string {
  const prefix = /^[A-Za-z]{2,8}-/.exec(plain)?.[0] ?? "";
  const characters = Array.from(plain);
  return `${prefix}…${characters.length >= 12 ? characters.slice(-4).join("") : ""}`;
}
