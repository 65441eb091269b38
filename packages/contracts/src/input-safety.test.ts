import { describe, expect, it } from "vitest";
import { cleanJsonText, cleanText, findUnsafeInput, INPUT_MAX_DEPTH, INPUT_MESSAGES } from "./input-safety";

const nested = (depth: number): unknown => {
  let value: unknown = "leaf";
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe("input safety", () => {
  it("accepts ordinary text, emoji, tabs and new lines", () => {
    expect(findUnsafeInput({ name: "Aria 🐉", persona: "Line one\n\tLine two\r\n", tags: ["a"] })).toBeNull();
    expect(findUnsafeInput(nested(INPUT_MAX_DEPTH - 1))).toBeNull();
  });

  it("finds NUL and other control characters, in values and in keys, with their path", () => {
    expect(findUnsafeInput({ a: { b: ["ok", "bad\u0000"] } })).toEqual({
      path: ["a", "b", 1],
      message: INPUT_MESSAGES.controlCharacters,
    });
    expect(findUnsafeInput({ "k\u0007": 1 })?.path).toEqual(["k\u0007"]);
    expect(findUnsafeInput("\u001b[31m")?.message).toBe(INPUT_MESSAGES.controlCharacters);
  });

  it("finds lone surrogates but not surrogate pairs", () => {
    expect(findUnsafeInput({ key: "sk-abc\ud83d" })?.message).toBe(INPUT_MESSAGES.invalidUnicode);
    expect(findUnsafeInput({ key: "\udc00x" })?.message).toBe(INPUT_MESSAGES.invalidUnicode);
    expect(findUnsafeInput({ key: "sk-abc😀" })).toBeNull();
  });

  it("stops at the depth limit without recursion, even for 100,000 levels", () => {
    expect(findUnsafeInput(nested(INPUT_MAX_DEPTH + 1))?.message).toBe(INPUT_MESSAGES.tooDeep);
    expect(findUnsafeInput(nested(100_000))?.message).toBe(INPUT_MESSAGES.tooDeep);
  });

  it("cleans text from files instead: controls dropped, lone surrogates replaced, pairs kept", () => {
    expect(cleanText("a\u0000b\u0007c\td\ne😀")).toBe("abc\td\ne😀");
    expect(cleanText("x\ud800y\udc00")).toBe("x\ufffdy\ufffd");
    const cleaned = cleanJsonText({ "k\u0000": ["v\u001b", 1, null, { n: "\ud83d" }] });
    expect(cleaned).toEqual({ k: ["v", 1, null, { n: "\ufffd" }] });
    expect(findUnsafeInput(cleaned)).toBeNull();
  });
});
