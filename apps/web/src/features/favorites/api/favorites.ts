import { type Character, characterCollectionSchema, favoriteResponseSchema } from "@hearth/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

export const favoritesQueryKey = ["favorites"] as const;

/** `GET /api/users/favorites`: the bots the user liked. */
export function useFavorites() {
  return useQuery<Character[]>({
    queryKey: favoritesQueryKey,
    queryFn: async ({ signal }) =>
      (await apiFetch("/users/favorites", { schema: characterCollectionSchema, signal })).data,
  });
}

/** `PUT` (like) or `DELETE` (unlike) `/api/characters/{id}/favorite`. */
export function useToggleFavorite(characterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favorite: boolean) =>
      apiFetch(`/characters/${encodeURIComponent(characterId)}/favorite`, {
        method: favorite ? "PUT" : "DELETE",
        schema: favoriteResponseSchema,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData<Character>(["characters", "detail", characterId], (c) =>
        c ? { ...c, is_favorite: answer.is_favorite, num_favorites: answer.num_favorites } : c,
      );
      queryClient.setQueryData<Character[]>(favoritesQueryKey, (list) =>
        list?.map((c) => (c.id === characterId ? { ...c, is_favorite: answer.is_favorite } : c)),
      );
    },
  });
}
