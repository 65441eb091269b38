import type { CharacterCard } from "@hearth/contracts";

export type TagCount = { tag: string; count: number };

/** Tags of the given characters, most used first (ties alphabetical), compared case-insensitively. */
export function collectTags(characters: readonly Pick<CharacterCard, "tags">[], limit = 16): TagCount[] {
  const counts = new Map<string, TagCount>();
  for (const character of characters) {
    const seen = new Set<string>();
    for (const raw of character.tags) {
      const tag = raw.trim();
      const key = tag.toLowerCase();
      if (!tag || seen.has(key)) continue;
      seen.add(key);
      const entry = counts.get(key);
      if (entry) entry.count += 1;
      else counts.set(key, { tag, count: 1 });
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag)).slice(0, limit);
}

/** Characters carrying `tag` (case-insensitive); all of them when `tag` is empty. */
export function filterByTag<T extends Pick<CharacterCard, "tags">>(
  characters: readonly T[],
  tag: string | null,
): T[] {
  const wanted = tag?.trim().toLowerCase();
  if (!wanted) return [...characters];
  return characters.filter((character) => character.tags.some((t) => t.trim().toLowerCase() === wanted));
}
