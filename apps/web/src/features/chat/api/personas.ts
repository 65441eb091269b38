import { personaListSchema } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { chatKeys } from "./query-keys";

/** The signed-in user's personas (`GET /api/personas`). */
export function usePersonas(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.personas,
    queryFn: ({ signal }) => apiFetch("/personas", { schema: personaListSchema, signal }),
    enabled,
    staleTime: 60_000,
  });
}
