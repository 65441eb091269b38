import { type Character, characterSchema } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { characterKeys } from "./query-keys";

export function fetchCharacter(id: string, signal?: AbortSignal): Promise<Character> {
  return apiFetch(`/characters/${encodeURIComponent(id)}?switch=T1`, { schema: characterSchema, signal });
}

/** One character (`GET /api/characters/{id}?switch=T1`) with the viewer's favorite, rating and, for the creator, moderation. */
export function useCharacter(id: string | undefined) {
  return useQuery({
    queryKey: characterKeys.detail(id ?? ""),
    queryFn: ({ signal }) => fetchCharacter(id ?? "", signal),
    enabled: Boolean(id),
  });
}
