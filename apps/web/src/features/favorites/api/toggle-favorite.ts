import { type Character, type CharacterCard, favoriteResponseSchema } from "@hearth/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { characterKeys } from "../../../api/characters";
import { apiFetch } from "../../../lib/api-client";

/** `PUT` (like) or `DELETE` (unlike) `/api/characters/{id}/favorite`; the cached character and list follow. */
export function useToggleFavorite(characterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favorite: boolean) =>
      apiFetch(`/characters/${encodeURIComponent(characterId)}/favorite`, {
        method: favorite ? "PUT" : "DELETE",
        schema: favoriteResponseSchema,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData<Character>(characterKeys.detail(characterId), (c) =>
        c ? { ...c, is_favorite: answer.is_favorite, num_favorites: answer.num_favorites } : c,
      );
      queryClient.setQueryData<CharacterCard[]>(characterKeys.favorites, (list) =>
        list?.map((c) => (c.id === characterId ? { ...c, is_favorite: answer.is_favorite } : c)),
      );
    },
  });
}
