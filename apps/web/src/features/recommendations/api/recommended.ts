import { type Character, characterCollectionSchema } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { useViewerKey } from "../../../lib/session";

/** `GET /api/characters/recommended`: the recommendation service's list for the viewer asking. */
export function useRecommended() {
  const viewer = useViewerKey();
  return useQuery<Character[]>({
    queryKey: ["recommended", viewer ?? ["anonymous"]],
    enabled: viewer !== null,
    queryFn: async ({ signal }) =>
      (await apiFetch("/characters/recommended", { schema: characterCollectionSchema, signal })).data,
    staleTime: 5 * 60_000,
  });
}
