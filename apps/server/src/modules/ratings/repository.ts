import { eq, sql } from "drizzle-orm";
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
