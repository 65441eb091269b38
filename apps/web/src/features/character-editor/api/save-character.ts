import {
  type Character,
  type CharacterCreateBody,
  type CharacterUpdateBody,
  characterSchema,
} from "@hearth/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { characterKeys, updateCharacter } from "../../../api/characters";
import { apiFetch } from "../../../lib/api-client";

/** `POST /api/characters?switch=T1`: the new character. */
export function useCreateCharacter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CharacterCreateBody): Promise<Character> =>
      apiFetch("/characters?switch=T1", { method: "POST", body: values, schema: characterSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: characterKeys.all }),
  });
}

/** Saves only the changed fields (`PATCH /api/characters/{id}`). */
export function useUpdateCharacter(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: CharacterUpdateBody): Promise<Character> => updateCharacter(id, changes),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: characterKeys.all }),
  });
}
