import { type CharacterCard, characterCollectionSchema } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../lib/api-client";
import { characterKeys } from "./characters";

/** `GET /api/users/favorites`: the bots the user liked. */
export async function fetchFavorites(signal?: AbortSignal): Promise<CharacterCard[]> {
  return (await apiFetch("/users/favorites", { schema: characterCollectionSchema, signal })).data;
}

export function useFavorites() {
  return useQuery({ queryKey: characterKeys.favorites, queryFn: ({ signal }) => fetchFavorites(signal) });
}
