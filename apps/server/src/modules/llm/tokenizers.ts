import { countTokens as countCl100k } from "gpt-tokenizer/encoding/cl100k_base";
import { countTokens as countO200k } from "gpt-tokenizer/encoding/o200k_base";

export type TokenCounter = (text: string) => number;

/** User text may contain special-token strings such as "<|endoftext|>": count them as plain text. */
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** OpenAI's current families (gpt-4o, gpt-4.1, gpt-5, o-series) use o200k_base. */
const O200K_MODEL = /^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|o[1-9])/i;

/**
 * The bundled tokenizer for an OpenAI-compatible model: o200k_base for OpenAI's current families,
 * cl100k_base otherwise (the closest widely shared BPE for other model families served over HTTP).
 */
export function bundledTokenCounter(model: string): TokenCounter {
  const bareName = model.slice(model.lastIndexOf("/") + 1);
  return O200K_MODEL.test(bareName)
    ? (text) => countO200k(text, PLAIN_TEXT)
    : (text) => countCl100k(text, PLAIN_TEXT);
}
