import { decryptSecret, encryptSecret } from "../../kernel/secret-box";

/** A member's OpenAI key as stored (kernel/secret-box.ts, AES-256-GCM with ENCRYPTION_KEY). */
export const encryptOpenAiKey = encryptSecret;
export const decryptOpenAiKey = decryptSecret;

/**
 * What the profile shows instead of the key: its prefix up to the first dash and its last 4 characters,
 * counted in code points so an emoji is never cut in half (a lone surrogate cannot be stored).
 */
export function openAiKeyHint(plain: string): string {
  const prefix = /^[A-Za-z]{2,8}-/.exec(plain)?.[0] ?? "";
  const characters = Array.from(plain);
  return `${prefix}…${characters.length >= 12 ? characters.slice(-4).join("") : ""}`;
}
