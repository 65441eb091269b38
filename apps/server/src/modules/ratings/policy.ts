import type { CharacterRow } from "../../db/schema";
import type { Viewer } from "../characters/index";
import { canViewCharacter, isCreator } from "../characters/index";

type RatedCharacter = Parameters<typeof canViewCharacter>[0] & Pick<CharacterRow, "creatorUserId">;

export type RatingDecision = "allowed" | "not_found" | "own_character";

/**
 * A member (the route's declared access) may rate a character they may see, except their own, so that
 * rating_score reflects other members only. Characters they may not see are not found.
 */
export function decideRating(character: RatedCharacter | null, viewer: Viewer): RatingDecision {
  if (!character || !canViewCharacter(character, viewer)) return "not_found";
  return isCreator(character, viewer) ? "own_character" : "allowed";
}
