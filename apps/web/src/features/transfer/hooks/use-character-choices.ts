import { useQuery } from "@tanstack/react-query";
import { useDeferredValue } from "react";
import { fetchBrowsePage } from "../../../api/characters";
import { useRecentConversations } from "../../../api/conversations";
import { useMyCharacters } from "../../../api/my-characters";

export type CharacterChoice = { id: string; name: string; title: string };

/** How many characters the picker lists at once. */
export const CHOICES_SHOWN = 8;

function unique(choices: CharacterChoice[]): CharacterChoice[] {
  const byId = new Map<string, CharacterChoice>();
  for (const choice of choices) if (!byId.has(choice.id)) byId.set(choice.id, choice);
  return [...byId.values()];
}

/**
 * Characters to import a chat with: those of the member's recent chats, then their own, narrowed by
 * `search`; a search also asks the public catalogue (`GET /api/characters?search=`).
 */
export function useCharacterChoices(search: string, enabled: boolean) {
  const recent = useRecentConversations();
  const mine = useMyCharacters();
  const term = useDeferredValue(search.trim());
  const found = useQuery({
    queryKey: ["transfer", "character-search", term],
    enabled: enabled && term.length >= 2,
    queryFn: ({ signal }) => fetchBrowsePage({ search: term, tags: [], sort: "popular" }, null, signal),
    staleTime: 30_000,
  });
  const known = unique([
    ...(recent.data ?? []).map((c) => ({
      id: c.character.id,
      name: c.character.name,
      title: c.character.title,
    })),
    ...(mine.data ?? []).map((c) => ({ id: c.id, name: c.name, title: c.title })),
  ]);
  const lower = term.toLowerCase();
  const matching = lower ? known.filter((c) => c.name.toLowerCase().includes(lower)) : known;
  const searched = (found.data?.data ?? []).map((c) => ({ id: c.id, name: c.name, title: c.title }));
  return {
    choices: unique([...matching, ...(lower ? searched : [])]).slice(0, CHOICES_SHOWN),
    loading: recent.isPending || (found.isFetching && term.length >= 2),
  };
}
