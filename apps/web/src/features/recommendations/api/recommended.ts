import { type Character, characterCollectionSchema } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

/** `GET /api/characters/recommended`: the recommendation service's list. */
export function useRecommended() {
  return useQuery<Character[]>({
    queryKey: ["recommended"],
    queryFn: async ({ signal }) =>
      (await apiFetch("/characters/recommended", { schema: characterCollectionSchema, signal })).data,
    staleTime: 5 * 60_000,
  });
}
