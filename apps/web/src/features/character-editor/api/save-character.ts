import {
  type CharacterCreateBody,
  type CharacterUpdateBody,
  type OwnCharacter,
  ownCharacterSchema,
} from "@hearth/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { characterKeys, updateCharacter } from "../../../api/characters";
import { apiFetch } from "../../../lib/api-client";

/** `POST /api/characters?switch=T1`: the new character. */
export function useCreateCharacter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CharacterCreateBody): Promise<OwnCharacter> =>
      apiFetch("/characters?switch=T1", { method: "POST", body: values, schema: ownCharacterSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: characterKeys.all }),
  });
}

/** Saves only the changed fields (`PATCH /api/characters/{id}`). */
export function useUpdateCharacter(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: CharacterUpdateBody): Promise<OwnCharacter> => updateCharacter(id, changes),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: characterKeys.all }),
  });
}
