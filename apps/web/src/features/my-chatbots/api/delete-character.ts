import type { OwnCharacterCard } from "@hearth/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { characterKeys } from "../../../api/characters";
import { apiFetch } from "../../../lib/api-client";

/** `DELETE /api/characters/{id}` (delete_character, own bots only). */
export function useDeleteCharacter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/characters/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<OwnCharacterCard[]>(characterKeys.mine, (list) =>
        list?.filter((c) => c.id !== id),
      );
      // Other character answers may show it; the member's own list is already right.
      void queryClient.invalidateQueries({
        queryKey: characterKeys.all,
        predicate: (query) => query.queryKey[1] !== characterKeys.mine[1],
      });
    },
  });
}
