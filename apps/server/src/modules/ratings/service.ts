import {
  type CharacterRatingBody,
  type CharacterRatingResponse,
  type EVENTS_WITH_OWN_ROUTES,
  SOCIAL_MESSAGES,
} from "@hearth/contracts";
import type { Database } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import type { Viewer } from "../characters/index";
import { lockCharacter } from "../characters/index";
import { logEvent } from "../events/index";
import { decideRating } from "./policy";
import { presentCharacterRating } from "./presenter";
import { upsertRating } from "./repository";

const RATING_EVENT: keyof typeof EVENTS_WITH_OWN_ROUTES = "characterRating";

/**
 * `PUT /api/characters/{id}/rating`: a member's dislike (1), like (3) or love (5), replacing their earlier
 * rating. The character row is locked, the rating stored, the character's score recomputed and the
 * spec's characterRating analytics event logged, all in one transaction.
 */
export function rateCharacter(
  db: Database,
  viewer: Viewer & { userId: string },
  characterId: string,
  body: CharacterRatingBody,
): Promise<CharacterRatingResponse> {
  return db.transaction(async (tx) => {
    const character = await lockCharacter(tx, characterId);
    const decision = decideRating(character, viewer);
    if (decision === "not_found" || !character) throw notFound();
    if (decision === "own_character") throw new AppError(403, "forbidden", SOCIAL_MESSAGES.rateOwn);
    const summary = await upsertRating(tx, {
      userId: viewer.userId,
      characterId: character.id,
      rating: body.rating,
      conversationLength: body.conversation_length,
    });
    await logEvent(tx, { userId: viewer.userId, guestId: null }, RATING_EVENT, {
      character_id: character.id,
      rating: body.rating,
      conversation_length: body.conversation_length,
    });
    return presentCharacterRating(body.rating, summary);
  });
}
