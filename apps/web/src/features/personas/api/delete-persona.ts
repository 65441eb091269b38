import { useMutation, useQueryClient } from "@tanstack/react-query";
import { personaKeys } from "../../../api/personas";
import { apiFetch } from "../../../lib/api-client";

/** `DELETE /api/personas/{id}`; the server refuses the default persona (code `default_persona`). */
export function useDeletePersona() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<void> =>
      apiFetch(`/personas/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personaKeys.all }),
  });
}
