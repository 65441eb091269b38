import { createRequire } from "node:module";
import { countTokens as countCl100k } from "gpt-tokenizer/encoding/cl100k_base";

type CountTokens = typeof countCl100k;
export type TokenCounter = (text: string) => number;

/** User text may contain special-token strings such as "<|endoftext|>": count them as plain text. */
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** OpenAI's current families (gpt-4o, gpt-4.1, gpt-5, o-series) use o200k_base. */
const O200K_MODEL = /^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|o[1-9])/i;

const requireCommonJs = createRequire(import.meta.url);
let o200k: CountTokens | null = null;

/**
 * o200k_base's tables take about 18 MB of heap once loaded (cl100k_base's about 11 MB): a quarter of the
 * server's heap, marked by every full garbage collection. Loaded the first time a model of its families
 * is set up, not at start.
 */
function o200kCounter(): CountTokens {
  o200k ??= (requireCommonJs("gpt-tokenizer/encoding/o200k_base") as { countTokens: CountTokens })
    .countTokens;
  return o200k;
}

/**
 * The bundled tokenizer for an OpenAI-compatible model: o200k_base for OpenAI's current families,
 * cl100k_base otherwise (the closest widely shared BPE for other model families served over HTTP).
 */
export function bundledTokenCounter(model: string): TokenCounter {
  const bareName = model.slice(model.lastIndexOf("/") + 1);
  if (!O200K_MODEL.test(bareName)) return (text) => countCl100k(text, PLAIN_TEXT);
  const countO200k = o200kCounter();
  return (text) => countO200k(text, PLAIN_TEXT);
}
