import type { Character, CharacterRatingResponse, TagSuggestion } from "@hearth/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

export type ChatbotRating = 1 | 3 | 5;

/** `PUT /api/characters/{id}/rating` (dislike, like, love sent as 1, 3, 5); the server logs the event. */
export function useRateCharacter(characterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rating, conversationLength }: { rating: ChatbotRating; conversationLength: number }) =>
      apiFetch<CharacterRatingResponse>(`/characters/${encodeURIComponent(characterId)}/rating`, {
        method: "PUT",
        body: { rating, conversation_length: conversationLength },
      }),
    onSuccess: (answer, { rating }) => {
      queryClient.setQueryData<Character>(["characters", "detail", characterId], (c) =>
        c ? { ...c, my_rating: rating, rating_score: answer.rating_score } : c,
      );
      void queryClient.invalidateQueries({ queryKey: ["characters", "detail", characterId] });
    },
  });
}

/** `POST /api/characters/{id}/tag-suggestions`; the server logs the characterSuggestTags event. */
export function useSuggestTags(characterId: string) {
  return useMutation({
    mutationFn: ({ add, remove }: { add: string[]; remove: string[] }) =>
      apiFetch<TagSuggestion>(`/characters/${encodeURIComponent(characterId)}/tag-suggestions`, {
        method: "POST",
        body: { tags_to_add: add, tags_to_remove: remove },
      }),
  });
}

/** The creator dismisses a received suggestion (`DELETE /api/characters/{id}/tag-suggestions/{sid}`). */
export function useDismissSuggestion(characterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (suggestionId: string) =>
      apiFetch<void>(
        `/characters/${encodeURIComponent(characterId)}/tag-suggestions/${encodeURIComponent(suggestionId)}`,
        { method: "DELETE" },
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["characters", "detail", characterId] }),
  });
}

/** The creator takes a suggestion: the new tag list is saved (`PATCH`), then the suggestion dismissed. */
export function useApplySuggestion(characterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ tags, suggestionId }: { tags: string[]; suggestionId: string }) => {
      await apiFetch(`/characters/${encodeURIComponent(characterId)}?switch=T1`, {
        method: "PATCH",
        body: { tags },
      });
      await apiFetch<void>(
        `/characters/${encodeURIComponent(characterId)}/tag-suggestions/${encodeURIComponent(suggestionId)}`,
        { method: "DELETE" },
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ["characters"] });
      void queryClient.invalidateQueries({ queryKey: ["my-characters"] });
    },
  });
}
