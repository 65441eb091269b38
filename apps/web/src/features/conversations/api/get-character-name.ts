import { characterSchema } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { conversationKeys } from "./list-conversations";

/** The character whose saved chats are listed (`GET /api/characters/{id}`), for its name and avatar. */
export function useListedCharacter(id: string) {
  return useQuery({
    queryKey: conversationKeys.character(id),
    queryFn: ({ signal }) =>
      apiFetch(`/characters/${encodeURIComponent(id)}`, { schema: characterSchema, signal }),
    retry: false,
    staleTime: 60_000,
  });
}
