import { characterSchema } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { chatKeys } from "./query-keys";

/** The character being chatted with (`GET /api/characters/{id}`). */
export function useChatCharacter(id: string) {
  return useQuery({
    queryKey: chatKeys.character(id),
    queryFn: ({ signal }) =>
      apiFetch(`/characters/${encodeURIComponent(id)}`, { schema: characterSchema, signal }),
    retry: false,
    staleTime: 60_000,
  });
}
