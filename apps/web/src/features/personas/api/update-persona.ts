import { type Persona, type PersonaBody, personaSchema } from "@hearth/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { personaKeys } from "../../../api/personas";
import { apiFetch } from "../../../lib/api-client";

/** `PUT /api/personas/{id}`; making one the default unsets the previous default on the server. */
export function useUpdatePersona() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PersonaBody }): Promise<Persona> =>
      apiFetch(`/personas/${encodeURIComponent(id)}`, { method: "PUT", body, schema: personaSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personaKeys.all }),
  });
}
