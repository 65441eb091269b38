import {
  type Character,
  type CharacterCreateBody,
  type CharacterUpdateBody,
  characterSchema,
} from "@hearth/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

/** `POST /api/characters?switch=T1`: the new character. */
export function useCreateCharacter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CharacterCreateBody): Promise<Character> =>
      apiFetch("/characters?switch=T1", { method: "POST", body: values, schema: characterSchema }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["my-characters"] });
      void queryClient.invalidateQueries({ queryKey: ["characters"] });
    },
  });
}

/** `PATCH /api/characters/{id}?switch=T1` with only the changed fields. */
export function useUpdateCharacter(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: CharacterUpdateBody): Promise<Character> =>
      apiFetch(`/characters/${encodeURIComponent(id)}?switch=T1`, {
        method: "PATCH",
        body: changes,
        schema: characterSchema,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["my-characters"] });
      void queryClient.invalidateQueries({ queryKey: ["characters"] });
    },
  });
}
