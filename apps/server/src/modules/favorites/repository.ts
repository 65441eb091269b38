import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { characters, favorites, users } from "../../db/schema";
import { type CharacterSummary, summaryWithCreator } from "../characters/index";

/** Adds the favorite and counts it, once; answers the character's favorite count. */
export async function addFavorite(db: Database, userId: string, characterId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(favorites)
      .values({ userId, characterId })
      .onConflictDoNothing()
      .returning({ userId: favorites.userId });
    return adjustFavoriteCount(tx, characterId, inserted.length);
  });
}

export async function removeFavorite(db: Database, userId: string, characterId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.characterId, characterId)))
      .returning({ userId: favorites.userId });
    return adjustFavoriteCount(tx, characterId, -removed.length);
  });
}

async function adjustFavoriteCount(db: Database, characterId: string, delta: number): Promise<number> {
  const [row] = await db
    .update(characters)
    .set({ numFavorites: sql`greatest(0, ${characters.numFavorites} + ${delta})` })
    .where(eq(characters.id, characterId))
    .returning({ numFavorites: characters.numFavorites });
  return row?.numFavorites ?? 0;
}

/** The user's favorites, most recently favorited first, live characters only. */
export function listFavoriteCharacters(
  db: Database,
  userId: string,
  limit: number,
): Promise<CharacterSummary[]> {
  return db
    .select(summaryWithCreator)
    .from(favorites)
    .innerJoin(characters, eq(characters.id, favorites.characterId))
    .innerJoin(users, eq(users.id, characters.creatorUserId))
    .where(and(eq(favorites.userId, userId), eq(characters.isDeleted, false)))
    .orderBy(desc(favorites.createdAt))
    .limit(limit);
}
