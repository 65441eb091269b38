import { type CharacterCard, characterCollectionSchema } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../lib/api-client";
import { useViewerKey } from "../lib/session";
import { characterKeys } from "./characters";

/** `GET /api/characters/recommended`: the recommendation service's list for the viewer asking. */
export async function fetchRecommended(signal?: AbortSignal): Promise<CharacterCard[]> {
  return (await apiFetch("/characters/recommended", { schema: characterCollectionSchema, signal })).data;
}

/** For the viewer asking (blocks, adult content), so not before the session is known. */
export function useRecommended() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: characterKeys.recommended(viewer ?? ["anonymous"]),
    enabled: viewer !== null,
    queryFn: ({ signal }) => fetchRecommended(signal),
    staleTime: 5 * 60_000,
  });
}
