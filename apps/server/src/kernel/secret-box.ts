import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/** Secrets kept in the database (members' OpenAI keys, SubscribeStar tokens), encrypted with ENCRYPTION_KEY. */
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256 needs 32 bytes; ENCRYPTION_KEY is any string of 32+ characters, so it is hashed to size. */
function aesKey(encryptionKey: string): Buffer {
  return createHash("sha256").update(encryptionKey, "utf8").digest();
}

/** Encrypts a secret for storage: `v1:` + base64url(iv | auth tag | ciphertext), AES-256-GCM. */
export function encryptSecret(plain: string, encryptionKey: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", aesKey(encryptionKey), iv);
  const encrypted = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64url")}`;
}

/** Decrypts what `encryptSecret` stored; throws when it was tampered with or another key made it. */
export function decryptSecret(cipherText: string, encryptionKey: string): string {
  const [version, payload] = cipherText.split(":");
  if (version !== VERSION || !payload) throw new Error("Unknown secret format");
  const data = Buffer.from(payload, "base64url");
  if (data.length < IV_BYTES + TAG_BYTES) throw new Error("Truncated secret");
  const decipher = createDecipheriv("aes-256-gcm", aesKey(encryptionKey), data.subarray(0, IV_BYTES));
  decipher.setAuthTag(data.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(data.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    "utf8",
  );
}
