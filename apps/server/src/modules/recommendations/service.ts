import { type Character, LIMITS } from "@hearth/contracts";
import type { Database } from "../../db/client";
import { blockedCreatorIds } from "../blocks/repository";
import type { CharacterSummary } from "../characters/repository";
import { presentSummaries } from "../characters/service";
import type { Viewer } from "../characters/viewer";
import { createMemoryCache, type RecommendationCache } from "./cache";
import { preferredTags, rankCharacters } from "./repository";

const CACHE_TTL_MS = 5 * 60 * 1000;
const CACHE_MAX_SEGMENTS = 500;
const PREFERRED_TAGS = 5;
/** Ranked beyond the list size so that leaving out a viewer's blocked creators still fills it. */
const RESERVE = 200;

export type RecommendationService = { recommend(viewer: Viewer): Promise<Character[]> };

/**
 * Recommended Bots (602 items): ranked by real signals and cached per viewer segment (adult content
 * allowed or not, plus the viewer's preferred tags), so most requests cost one small query for blocks.
 */
export function createRecommendationService(
  db: Database,
  cache: RecommendationCache<CharacterSummary[]> = createMemoryCache({
    ttlMs: CACHE_TTL_MS,
    maxEntries: CACHE_MAX_SEGMENTS,
  }),
): RecommendationService {
  async function ranked(includeNsfw: boolean, tags: string[]): Promise<CharacterSummary[]> {
    const key = `${includeNsfw ? "adult" : "safe"}|${tags.join(",")}`;
    const cached = await cache.get(key);
    if (cached) return cached;
    const rows = await rankCharacters(db, {
      includeNsfw,
      preferredTags: tags,
      limit: LIMITS.recommendations + RESERVE,
    });
    await cache.set(key, rows);
    return rows;
  }

  return {
    async recommend(viewer) {
      const [tags, blocked] = viewer.userId
        ? await Promise.all([
            preferredTags(db, viewer.userId, PREFERRED_TAGS),
            blockedCreatorIds(db, viewer.userId),
          ])
        : [[], new Set<string>()];
      const rows = (await ranked(viewer.allowsNsfw, [...tags].sort()))
        .filter((row) => !blocked.has(row.creatorUserId))
        .slice(0, LIMITS.recommendations);
      return presentSummaries(db, viewer, rows);
    },
  };
}
