import { CHARACTER_LIMITS, TAG_MESSAGES } from "@hearth/contracts";

export type TagAddResult = { tags: string[]; error: string | null };

/**
 * Adds the typed tag(s) (comma separated) to `tags`: trimmed and lower-cased as the server stores them,
 * blanks and duplicates skipped, cut to the tag length limit; past 12 tags nothing more is added and
 * 'You can keep only 12 tags !' is answered.
 */
export function addTags(
  tags: readonly string[],
  input: string,
  max: number = CHARACTER_LIMITS.maxTags,
): TagAddResult {
  const next = [...tags];
  const seen = new Set(next.map((t) => t.toLowerCase()));
  for (const raw of input.split(",")) {
    const tag = raw.trim().replace(/\s+/g, " ").toLowerCase().slice(0, CHARACTER_LIMITS.tagMax);
    if (!tag || seen.has(tag)) continue;
    if (next.length >= max) return { tags: next, error: TAG_MESSAGES.tooMany };
    next.push(tag);
    seen.add(tag);
  }
  return { tags: next, error: null };
}

export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((t) => t !== tag);
}
