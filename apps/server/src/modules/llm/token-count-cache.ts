import type { TokenCounter } from "./tokenizers";

/** Texts shorter than this are counted each time: the tokenizer is as fast as the lookup. */
const MIN_CACHED_CHARS = 64;

/**
 * A token counter that remembers the counts of the texts it saw (least recently used dropped first,
 * bounded by their total length), so a prompt is counted incrementally: a conversation's history, the
 * character's definition and the persona are counted once, and each new turn only counts its new message.
 * Keyed by the text itself, so an edited message is a new entry and a count can never be stale.
 */
export function cachedTokenCounter(count: TokenCounter, maxChars = 8 * 1024 * 1024): TokenCounter {
  const counts = new Map<string, number>();
  let heldChars = 0;
  return (text) => {
    if (text.length < MIN_CACHED_CHARS) return count(text);
    const known = counts.get(text);
    if (known !== undefined) {
      // Re-inserted: the Map's order is least recently used first.
      counts.delete(text);
      counts.set(text, known);
      return known;
    }
    const tokens = count(text);
    if (text.length > maxChars) return tokens;
    counts.set(text, tokens);
    heldChars += text.length;
    for (const oldest of counts.keys()) {
      if (heldChars <= maxChars) break;
      counts.delete(oldest);
      heldChars -= oldest.length;
    }
    return tokens;
  };
}
