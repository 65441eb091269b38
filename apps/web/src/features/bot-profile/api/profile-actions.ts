import type { TagSuggestion } from "@hearth/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { characterKeys, updateCharacter } from "../../../api/characters";
import { apiFetch } from "../../../lib/api-client";

function dismissSuggestion(characterId: string, suggestionId: string): Promise<void> {
  return apiFetch(
    `/characters/${encodeURIComponent(characterId)}/tag-suggestions/${encodeURIComponent(suggestionId)}`,
    { method: "DELETE" },
  );
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
    mutationFn: (suggestionId: string) => dismissSuggestion(characterId, suggestionId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: characterKeys.detail(characterId) }),
  });
}

/** The creator takes a suggestion: the new tag list is saved (`PATCH`), then the suggestion dismissed. */
export function useApplySuggestion(characterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ tags, suggestionId }: { tags: string[]; suggestionId: string }) => {
      await updateCharacter(characterId, { tags });
      await dismissSuggestion(characterId, suggestionId);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: characterKeys.all }),
  });
}
