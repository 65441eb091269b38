import { CHATBOT_RATINGS } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

export type ChatbotRating = keyof typeof CHATBOT_RATINGS;

/** Rates the chatbot (`POST /api/event`, event_name characterRating, rating 1, 3 or 5). */
export function rateCharacter(
  characterId: string,
  rating: ChatbotRating,
  conversationLength: number,
): Promise<unknown> {
  return apiFetch("/event", {
    method: "POST",
    body: {
      event_name: "characterRating",
      payload: {
        character_id: characterId,
        rating: CHATBOT_RATINGS[rating],
        conversation_length: conversationLength,
      },
    },
  });
}
