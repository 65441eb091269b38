import { type Persona, personaListSchema } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { personaKeys } from "./query-keys";

/**
 * `GET /api/personas`: all of the user's personas (a few dozen at most, capped per tier). The list page
 * filters them as the user types, so search needs no round trip.
 */
export function usePersonas() {
  return useQuery<Persona[]>({
    queryKey: personaKeys.all,
    queryFn: async ({ signal }) => (await apiFetch("/personas", { schema: personaListSchema, signal })).data,
  });
}
