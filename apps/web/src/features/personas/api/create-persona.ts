import { type Persona, type PersonaBody, personaSchema } from "@hearth/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { personaKeys } from "../../../api/personas";
import { apiFetch } from "../../../lib/api-client";

/** `POST /api/personas`. */
export function useCreatePersona() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonaBody): Promise<Persona> =>
      apiFetch("/personas", { method: "POST", body, schema: personaSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personaKeys.all }),
  });
}
