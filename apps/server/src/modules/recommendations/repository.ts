import { and, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { characterRatings, characters, favorites, users } from "../../db/schema";
import { type CharacterSummary, discoveryFilters, summaryWithCreator } from "../characters/index";

/** Ratings shrink toward a neutral 0.5 until a character has this many of them. */
const RATING_PRIOR_COUNT = 5;
const MESSAGES_SCALE = Math.log(1 + 1_000_000);
const FAVORITES_SCALE = Math.log(1 + 10_000);
const RECENCY_DAYS = 30;

/**
 * The ranking signal, 0 to about 1: a confidence-weighted rating, popularity (messages), favorites,
 * recency, and, when the viewer has taste signals, overlap with their preferred tags.
 */
function score(preferredTags: string[]): SQL {
  const rating = sql`((${characters.ratingScore} * ${characters.numRatings} + 0.5 * ${RATING_PRIOR_COUNT}) / (${characters.numRatings} + ${RATING_PRIOR_COUNT}))`;
  const popularity = sql`least(1, ln(1 + ${characters.numMessages}) / ${MESSAGES_SCALE})`;
  const liked = sql`least(1, ln(1 + ${characters.numFavorites}) / ${FAVORITES_SCALE})`;
  // Clamped: exp() of a large negative number is an underflow error in PostgreSQL.
  const recency = sql`exp(greatest(-50, -extract(epoch from (now() - ${characters.createdAt})) / ${86_400 * RECENCY_DAYS}))`;
  const base = sql`0.35 * ${rating} + 0.25 * ${popularity} + 0.15 * ${liked} + 0.1 * ${recency}`;
  if (preferredTags.length === 0) return base;
  const wanted = sql.join(
    preferredTags.map((tag) => sql`${tag}`),
    sql`, `,
  );
  const affinity = sql`least(1, cardinality(array(select unnest(${characters.tags}) intersect select unnest(array[${wanted}]::text[]))) / 2.0)`;
  return sql`${base} + 0.15 * ${affinity}`;
}

/** The ids of the best-ranked listed characters, best first (cached per segment; see the service). */
export async function rankCharacterIds(
  db: Database,
  options: { includeNsfw: boolean; preferredTags: string[]; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: characters.id })
    .from(characters)
    .where(and(...discoveryFilters({ includeNsfw: options.includeNsfw, viewerId: null })))
    .orderBy(desc(score(options.preferredTags)), desc(characters.id))
    .limit(options.limit);
  return rows.map((row) => row.id);
}

/**
 * The current rows of cached ids that this viewer may still be recommended: listed (not made private,
 * deleted or flagged since), NSFW only when allowed, no creator the viewer blocked. In the ids' order.
 */
export async function listedSummariesInOrder(
  db: Database,
  ids: readonly string[],
  options: { includeNsfw: boolean; viewerId: string | null },
): Promise<CharacterSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(summaryWithCreator)
    .from(characters)
    .innerJoin(users, eq(users.id, characters.creatorUserId))
    .where(and(inArray(characters.id, [...ids]), ...discoveryFilters(options)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Taste signals per member: their most recent favorites and likes. */
const SIGNALS_READ = 200;

/** The tags most common among characters the member recently favorited or liked (rated 3 or 5). */
export async function preferredTags(db: Database, userId: string, limit: number): Promise<string[]> {
  const [favorited, liked] = await Promise.all([
    db
      .select({ tags: characters.tags })
      .from(favorites)
      .innerJoin(characters, eq(characters.id, favorites.characterId))
      .where(eq(favorites.userId, userId))
      .orderBy(desc(favorites.createdAt))
      .limit(SIGNALS_READ),
    db
      .select({ tags: characters.tags })
      .from(characterRatings)
      .innerJoin(characters, eq(characters.id, characterRatings.characterId))
      .where(and(eq(characterRatings.userId, userId), gte(characterRatings.rating, 3)))
      .orderBy(desc(characterRatings.updatedAt))
      .limit(SIGNALS_READ),
  ]);
  const counts = new Map<string, number>();
  for (const { tags } of [...favorited, ...liked]) {
    for (const tag of tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([tagA, countA], [tagB, countB]) => countB - countA || tagA.localeCompare(tagB))
    .slice(0, limit)
    .map(([tag]) => tag);
}
