import { CHATBOT_RATINGS, type CharacterRatingResponse } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

export type ChatbotRating = keyof typeof CHATBOT_RATINGS;

/** Rates the chatbot (`PUT /api/characters/{id}/rating`, rating 1, 3 or 5); the server logs the event. */
export function rateCharacter(
  characterId: string,
  rating: ChatbotRating,
  conversationLength: number,
): Promise<CharacterRatingResponse> {
  return apiFetch<CharacterRatingResponse>(`/characters/${encodeURIComponent(characterId)}/rating`, {
    method: "PUT",
    body: { rating: CHATBOT_RATINGS[rating], conversation_length: conversationLength },
  });
}
