import { type CharacterCard, LIMITS } from "@hearth/contracts";
import type { Database } from "../../db/client";
import type { Viewer } from "../characters/index";
import { presentSummaries } from "../characters/index";
import { createMemoryCache, type RecommendationCache } from "./cache";
import { listedSummariesInOrder, preferredTags, rankCharacterIds } from "./repository";

const CACHE_TTL_MS = 5 * 60 * 1000;
const CACHE_MAX_SEGMENTS = 500;
const PREFERRED_TAGS = 5;
/**
 * Ranked beyond the list size so that leaving out a viewer's blocked creators, and characters made
 * private, deleted or flagged since the ranking was cached, still fills it.
 */
const RESERVE = 200;

export type RecommendationService = { recommend(viewer: Viewer): Promise<CharacterCard[]> };

/** What a cached ranking depends on: the brand, whether adult content is allowed, the preferred tags. */
export function segmentKey(viewer: Pick<Viewer, "brand" | "allowsNsfw">, tags: readonly string[]): string {
  return `${viewer.brand}|${viewer.allowsNsfw ? "adult" : "safe"}|${[...tags].sort().join(",")}`;
}

/**
 * Recommended Bots (602 items): the ranking (ids only) is cached per viewer segment (brand, adult content
 * allowed or not, preferred tags); every request then reads the current rows of those ids, keeping only
 * the ones this viewer may see now. So a character made private, deleted or marked NSFW, or a creator the
 * viewer just blocked, leaves the list at once, and avatars and names are never stale. A character made
 * public joins at the next ranking (after the TTL).
 */
export function createRecommendationService(
  db: Database,
  cache: RecommendationCache<string[]> = createMemoryCache({
    ttlMs: CACHE_TTL_MS,
    maxEntries: CACHE_MAX_SEGMENTS,
  }),
): RecommendationService {
  async function rankedIds(viewer: Viewer, tags: string[]): Promise<string[]> {
    const key = segmentKey(viewer, tags);
    const cached = await cache.get(key);
    if (cached) return cached;
    const ids = await rankCharacterIds(db, {
      includeNsfw: viewer.allowsNsfw,
      preferredTags: tags,
      limit: LIMITS.recommendations + RESERVE,
    });
    await cache.set(key, ids);
    return ids;
  }

  return {
    async recommend(viewer) {
      const tags = viewer.userId ? await preferredTags(db, viewer.userId, PREFERRED_TAGS) : [];
      const ids = await rankedIds(viewer, [...tags].sort());
      const rows = await listedSummariesInOrder(db, ids, {
        includeNsfw: viewer.allowsNsfw,
        viewerId: viewer.userId,
      });
      return presentSummaries(db, viewer, rows.slice(0, LIMITS.recommendations));
    },
  };
}
