import type { CharacterRatingResponse } from "@hearth/contracts";
import type { RatingSummary } from "./repository";

/** `PUT /api/characters/{id}/rating`: the member's rating as stored, and the character's recomputed score. */
export function presentCharacterRating(
  myRating: CharacterRatingResponse["my_rating"],
  summary: RatingSummary,
): CharacterRatingResponse {
  return { my_rating: myRating, rating_score: summary.ratingScore, num_ratings: summary.numRatings };
}
