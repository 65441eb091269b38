import { type Character, myCharactersSchema } from "@hearth/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

export const myCharactersQueryKey = ["my-characters"] as const;

/** The signed-in user's own bots with their moderation state (`GET /api/users/characters?switch=T1`). */
export function useMyCharacters() {
  return useQuery<Character[]>({
    queryKey: myCharactersQueryKey,
    queryFn: async ({ signal }) =>
      (await apiFetch("/users/characters?switch=T1", { schema: myCharactersSchema, signal })).data,
  });
}

/** `DELETE /api/characters/{id}` (delete_character, own bots only). */
export function useDeleteCharacter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/characters/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Character[]>(myCharactersQueryKey, (list) => list?.filter((c) => c.id !== id));
      void queryClient.invalidateQueries({ queryKey: ["characters"] });
    },
  });
}
