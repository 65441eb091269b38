import { type CharacterRatingPayload, SOCIAL_MESSAGES } from "@hearth/contracts";
import type { Database } from "../../db/client";
import { AppError, notFound, unauthenticated } from "../../http/errors";
import type { AuthContext } from "../auth/context";
import { canViewCharacter, isCreator } from "../characters/policy";
import { findCharacterById } from "../characters/repository";
import type { Viewer } from "../characters/viewer";
import { upsertRating } from "./repository";

/**
 * The characterRating event: a member's dislike (1), like (3) or love (5) of a character they may see.
 * Creators cannot rate their own, so rating_score reflects other members only.
 */
export async function rateCharacter(
  db: Database,
  auth: AuthContext,
  viewer: Viewer,
  payload: CharacterRatingPayload,
): Promise<number> {
  if (auth.kind !== "member") {
    throw auth.kind === "anonymous"
      ? unauthenticated()
      : new AppError(403, "forbidden", SOCIAL_MESSAGES.rateSignIn);
  }
  const character = await findCharacterById(db, payload.character_id);
  if (!character || !canViewCharacter(character, viewer)) throw notFound();
  if (isCreator(character, viewer)) throw new AppError(403, "forbidden", "You cannot rate your own chatbot.");
  return upsertRating(db, {
    userId: auth.user.id,
    characterId: character.id,
    rating: payload.rating,
    conversationLength: payload.conversation_length,
  });
}
