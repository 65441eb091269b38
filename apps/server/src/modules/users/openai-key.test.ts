import { findUnsafeInput } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { decryptOpenAiKey, encryptOpenAiKey, openAiKeyHint } from "./openai-key";

const KEY = "k".repeat(43);
const SECRET = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789";

describe("OpenAI key encryption", () => {
  it("round-trips and never stores the key in clear", () => {
    const stored = encryptOpenAiKey(SECRET, KEY);
    expect(stored).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain(SECRET);
    expect(decryptOpenAiKey(stored, KEY)).toBe(SECRET);
  });

  it("uses a fresh nonce each time", () => {
    expect(encryptOpenAiKey(SECRET, KEY)).not.toBe(encryptOpenAiKey(SECRET, KEY));
  });

  it("refuses another encryption key, tampering and garbage", () => {
    const stored = encryptOpenAiKey(SECRET, KEY);
    expect(() => decryptOpenAiKey(stored, "x".repeat(43))).toThrow();
    const payload = Buffer.from(stored.slice(3), "base64url");
    payload[payload.length - 1] = (payload.at(-1) ?? 0) ^ 1;
    expect(() => decryptOpenAiKey(`v1:${payload.toString("base64url")}`, KEY)).toThrow();
    expect(() => decryptOpenAiKey("v2:abc", KEY)).toThrow();
    expect(() => decryptOpenAiKey("v1:abc", KEY)).toThrow();
  });

  it("never cuts an emoji in half in the hint", () => {
    const hint = openAiKeyHint("sk-abcdefghijkl😀");
    expect(hint).toBe("sk-…jkl😀");
    expect(findUnsafeInput(hint)).toBeNull();
  });

  it("hints at the key without revealing it", () => {
    expect(openAiKeyHint(SECRET)).toBe("sk-…6789");
    expect(openAiKeyHint("short")).toBe("…");
  });
});
