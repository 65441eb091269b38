import {
  CHATBOT_RATINGS,
  type Character,
  type CharacterRatingResponse,
  type ChatbotRatingValue,
  characterRatingResponseSchema,
} from "@hearth/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../lib/api-client";
import { characterKeys } from "./characters";

/** A member's rating of a chatbot as sent and stored (`Character.my_rating`): dislike 1, like 3, love 5. */
export type ChatbotRating = ChatbotRatingValue;

/** The word a rating is shown as. */
export type ChatbotRatingWord = keyof typeof CHATBOT_RATINGS;

export function isChatbotRating(value: number | null | undefined): value is ChatbotRating {
  return Object.values(CHATBOT_RATINGS).some((rating) => rating === value);
}

/** `PUT /api/characters/{id}/rating`; rating again replaces the earlier one, and the server logs the event. */
export function rateCharacter(
  characterId: string,
  rating: ChatbotRating,
  conversationLength: number,
): Promise<CharacterRatingResponse> {
  return apiFetch(`/characters/${encodeURIComponent(characterId)}/rating`, {
    method: "PUT",
    body: { rating, conversation_length: conversationLength },
    schema: characterRatingResponseSchema,
  });
}

/** Rates the chatbot and puts the answer into its cached character (then re-reads it). */
export function useRateCharacter(characterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rating, conversationLength }: { rating: ChatbotRating; conversationLength: number }) =>
      rateCharacter(characterId, rating, conversationLength),
    onSuccess: (answer) => {
      queryClient.setQueryData<Character>(characterKeys.detail(characterId), (c) =>
        c
          ? {
              ...c,
              my_rating: answer.my_rating,
              rating_score: answer.rating_score,
              rating_count: answer.num_ratings,
            }
          : c,
      );
      void queryClient.invalidateQueries({ queryKey: characterKeys.detail(characterId) });
    },
  });
}
