import { myCharactersSchema, type OwnCharacterCard } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../lib/api-client";
import { characterKeys } from "./characters";

/** The signed-in user's own bots with their moderation state (`GET /api/users/characters?switch=T1`). */
export async function fetchMyCharacters(signal?: AbortSignal): Promise<OwnCharacterCard[]> {
  return (await apiFetch("/users/characters?switch=T1", { schema: myCharactersSchema, signal })).data;
}

export function useMyCharacters() {
  return useQuery({ queryKey: characterKeys.mine, queryFn: ({ signal }) => fetchMyCharacters(signal) });
}
