import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { characterRatings, characters } from "../../db/schema";

export type RatingSummary = { ratingScore: number; numRatings: number };

/**
 * Stores the member's rating (replacing an earlier one) and recomputes the character's rating_score, the
 * mean of (rating - 1) / 4, and num_ratings. Run it in a transaction that locked the character row first,
 * so parallel ratings of one character recompute from each other's committed rows.
 */
export async function upsertRating(
  tx: Database,
  rating: { userId: string; characterId: string; rating: 1 | 3 | 5; conversationLength: number },
): Promise<RatingSummary> {
  await tx
    .insert(characterRatings)
    .values(rating)
    .onConflictDoUpdate({
      target: [characterRatings.userId, characterRatings.characterId],
      set: { rating: rating.rating, conversationLength: rating.conversationLength, updatedAt: sql`now()` },
    });
  const [row] = await tx
    .update(characters)
    .set({
      ratingScore: sql`coalesce((select avg((${characterRatings.rating} - 1) / 4.0) from ${characterRatings} where ${characterRatings.characterId} = ${rating.characterId}), 0)`,
      numRatings: sql`(select count(*) from ${characterRatings} where ${characterRatings.characterId} = ${rating.characterId})`,
    })
    .where(eq(characters.id, rating.characterId))
    .returning({ ratingScore: characters.ratingScore, numRatings: characters.numRatings });
  if (!row) throw new Error("Rating a character updated no row");
  return row;
}

/** The user's ratings of the given characters. */
export async function ratingsOf(
  db: Database,
  userId: string,
  characterIds: string[],
): Promise<Map<string, number>> {
  if (characterIds.length === 0) return new Map();
  const rows = await db
    .select({ characterId: characterRatings.characterId, rating: characterRatings.rating })
    .from(characterRatings)
    .where(and(eq(characterRatings.userId, userId), inArray(characterRatings.characterId, characterIds)));
  return new Map(rows.map((row) => [row.characterId, row.rating]));
}
