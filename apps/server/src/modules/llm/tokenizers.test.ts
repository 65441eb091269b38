import { countTokens as cl100k } from "gpt-tokenizer/encoding/cl100k_base";
import { countTokens as o200k } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { bundledTokenCounter } from "./tokenizers";

// Counts differently in the two encodings (o200k_base merges more of the non-English text).
const SAMPLE = "Привет, мир! こんにちは世界。 The quick brown fox <|endoftext|> jumps over the lazy dog.";
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

describe("bundledTokenCounter", () => {
  it("counts OpenAI's current families with o200k_base (loaded on demand) and others with cl100k_base", () => {
    expect(o200k(SAMPLE, PLAIN_TEXT)).not.toBe(cl100k(SAMPLE, PLAIN_TEXT));
    for (const model of ["gpt-4o-mini", "openai/gpt-5", "o3", "gpt-oss-20b"]) {
      expect(bundledTokenCounter(model)(SAMPLE)).toBe(o200k(SAMPLE, PLAIN_TEXT));
    }
    for (const model of ["", "llama-3.1-8b-instruct", "mistralai/Mistral-7B", "gpt-4"]) {
      expect(bundledTokenCounter(model)(SAMPLE)).toBe(cl100k(SAMPLE, PLAIN_TEXT));
    }
  });

  it("counts special-token strings in user text as plain text", () => {
    expect(bundledTokenCounter("gpt-4o")("<|endoftext|>")).toBeGreaterThan(1);
    expect(bundledTokenCounter("")("<|endoftext|>")).toBeGreaterThan(1);
  });
});
