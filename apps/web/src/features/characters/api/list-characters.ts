import { type Character, characterListSchema } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

/** How many public characters the home grid asks for. */
export const POPULAR_CHARACTERS_LIMIT = 48;

export const charactersQueryKey = ["characters", "list", { limit: POPULAR_CHARACTERS_LIMIT }] as const;

/** Public characters, most popular first (`GET /api/characters?limit=48`). */
export function useCharacters() {
  return useQuery<Character[]>({
    queryKey: charactersQueryKey,
    queryFn: async ({ signal }) => {
      const body = await apiFetch(`/characters?limit=${POPULAR_CHARACTERS_LIMIT}`, {
        schema: characterListSchema,
        signal,
      });
      return body.data;
    },
    staleTime: 60_000,
  });
}
