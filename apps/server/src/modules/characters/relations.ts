import type { Database } from "../../db/client";
import { blockedAmong } from "../blocks/repository";
import { favoritedIds } from "../favorites/repository";
import { ratingsOf } from "../ratings/repository";
import type { Viewer } from "./viewer";

/** The viewer's own relation to one character. */
export type ViewerRelation = { isFavorite: boolean; myRating: number | null; isCreatorBlocked: boolean };
export type RelationLookup = (character: { id: string; creatorUserId: string }) => ViewerRelation;

const NONE: ViewerRelation = { isFavorite: false, myRating: null, isCreatorBlocked: false };

/** Favorites, ratings and blocks for a whole page of characters in three queries (never one per row). */
export async function loadRelations(
  db: Database,
  viewer: Viewer,
  rows: readonly { id: string; creatorUserId: string }[],
): Promise<RelationLookup> {
  const userId = viewer.userId;
  if (!userId || rows.length === 0) return () => NONE;
  const ids = rows.map((row) => row.id);
  const [favorites, ratings, blocked] = await Promise.all([
    favoritedIds(db, userId, ids),
    ratingsOf(db, userId, ids),
    blockedAmong(
      db,
      userId,
      rows.map((row) => row.creatorUserId),
    ),
  ]);
  return (character) => ({
    isFavorite: favorites.has(character.id),
    myRating: ratings.get(character.id) ?? null,
    isCreatorBlocked: blocked.has(character.creatorUserId),
  });
}
