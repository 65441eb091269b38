import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { blockedCreators, characterRatings, favorites } from "../../db/schema";
import type { Viewer } from "./viewer";

/** The viewer's own relation to one character. */
export type ViewerRelation = { isFavorite: boolean; myRating: number | null; isCreatorBlocked: boolean };
export type RelationLookup = (character: { id: string; creatorUserId: string }) => ViewerRelation;

const NONE: ViewerRelation = { isFavorite: false, myRating: null, isCreatorBlocked: false };

/**
 * Favorites, ratings and blocks for a whole page of characters in three queries (never one per row).
 * They read the favorites, ratings and blocks modules' tables straight from the shared schema, to mark
 * each character for the viewer: those modules build on this one, which therefore does not import them.
 */
export async function loadRelations(
  db: Database,
  viewer: Viewer,
  rows: readonly { id: string; creatorUserId: string }[],
): Promise<RelationLookup> {
  const userId = viewer.userId;
  if (!userId || rows.length === 0) return () => NONE;
  const ids = rows.map((row) => row.id);
  const creatorIds = [...new Set(rows.map((row) => row.creatorUserId))];
  const [favorited, ratings, blocked] = await Promise.all([
    db
      .select({ characterId: favorites.characterId })
      .from(favorites)
      .where(and(eq(favorites.userId, userId), inArray(favorites.characterId, ids))),
    db
      .select({ characterId: characterRatings.characterId, rating: characterRatings.rating })
      .from(characterRatings)
      .where(and(eq(characterRatings.userId, userId), inArray(characterRatings.characterId, ids))),
    db
      .select({ creatorUserId: blockedCreators.creatorUserId })
      .from(blockedCreators)
      .where(and(eq(blockedCreators.userId, userId), inArray(blockedCreators.creatorUserId, creatorIds))),
  ]);
  const favoriteIds = new Set(favorited.map((row) => row.characterId));
  const ratingById = new Map(ratings.map((row) => [row.characterId, row.rating]));
  const blockedIds = new Set(blocked.map((row) => row.creatorUserId));
  return (character) => ({
    isFavorite: favoriteIds.has(character.id),
    myRating: ratingById.get(character.id) ?? null,
    isCreatorBlocked: blockedIds.has(character.creatorUserId),
  });
}
