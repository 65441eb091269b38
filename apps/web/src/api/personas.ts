import { type Persona, personaListSchema } from "@hearth/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../lib/api-client";

/** The user's personas, one list: the personas pages and the chat's persona picker read the same entry. */
export const personaKeys = {
  all: ["personas"] as const,
};

/**
 * `GET /api/personas`: all of the user's personas (a few dozen at most, capped per tier), so lists filter
 * them as the user types without a round trip.
 */
export async function fetchPersonas(signal?: AbortSignal): Promise<Persona[]> {
  return (await apiFetch("/personas", { schema: personaListSchema, signal })).data;
}

export function personasQuery() {
  return queryOptions({ queryKey: personaKeys.all, queryFn: ({ signal }) => fetchPersonas(signal) });
}

export function usePersonas(enabled = true) {
  return useQuery({ ...personasQuery(), enabled });
}
