import type { CharacterCard } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { Check, Search } from "lucide-react";
import { useDeferredValue, useId, useMemo, useState } from "react";
import { fetchBrowsePage } from "../../../api/characters";
import { useConversationList } from "../../../api/conversations";
import { useFavorites } from "../../../api/favorites";
import { cn } from "../../../components/ui/cn";
import { inputClasses } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { GroupAvatar } from "./group-avatar";

export type PickableCharacter = { id: string; name: string; title: string; avatar_url: string | null };

const fromCard = (card: CharacterCard): PickableCharacter => ({
  id: card.id,
  name: card.name,
  title: card.title,
  avatar_url: card.avatar_url,
});

/**
 * The characters a member can put in a group: those of their recent chats and their favorites, then the
 * public ones matching the search. Each row is a toggle button (aria-pressed); `excluded` ones are left out.
 */
export function CharacterPicker({
  selected,
  onToggle,
  excluded = [],
  disabledReason,
}: {
  selected: readonly PickableCharacter[];
  onToggle: (character: PickableCharacter) => void;
  excluded?: readonly string[];
  /** Set when no more can be picked: unpicked rows are off and the reason is read with them. */
  disabledReason?: string | null;
}) {
  const searchId = useId();
  const [search, setSearch] = useState("");
  const query = useDeferredValue(search.trim());
  const recent = useConversationList(null, true);
  const favorites = useFavorites();
  const publicResults = useQuery({
    queryKey: ["groups", "picker", query],
    queryFn: ({ signal }) => fetchBrowsePage({ search: query, tags: [], sort: "popular" }, null, signal),
    staleTime: 60_000,
  });

  const characters = useMemo(() => {
    const seen = new Set<string>(excluded);
    const list: PickableCharacter[] = [];
    const add = (character: PickableCharacter) => {
      if (seen.has(character.id)) return;
      seen.add(character.id);
      list.push(character);
    };
    const matches = (name: string) => !query || name.toLowerCase().includes(query.toLowerCase());
    for (const page of recent.data?.pages ?? []) {
      for (const chat of page) {
        for (const member of chat.group?.members ?? [chat.character]) {
          if (matches(member.name))
            add({
              id: member.id,
              name: member.name,
              title: "title" in member ? member.title : "",
              avatar_url: member.avatar_url,
            });
        }
      }
    }
    for (const card of favorites.data ?? []) if (matches(card.name)) add(fromCard(card));
    for (const card of publicResults.data?.data ?? []) add(fromCard(card));
    return list;
  }, [recent.data, favorites.data, publicResults.data, query, excluded]);

  const isSelected = (id: string) => selected.some((character) => character.id === id);
  return (
    <div className="flex flex-col gap-3">
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search characters
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-text-3"
        />
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search characters"
          className={cn(inputClasses, "pl-9")}
          autoComplete="off"
        />
      </div>
      {disabledReason ? <p className="text-xs text-text-3">{disabledReason}</p> : null}
      <ul aria-label="Characters" className="flex max-h-72 flex-col gap-1 overflow-y-auto pr-1">
        {characters.map((character) => {
          const on = isSelected(character.id);
          return (
            <li key={character.id}>
              <button
                type="button"
                aria-pressed={on}
                disabled={!on && Boolean(disabledReason)}
                onClick={() => onToggle(character)}
                className={cn(
                  "flex w-full items-center gap-3 rounded-xl px-2.5 py-2 text-left transition-colors",
                  "focus-visible:outline-2 focus-visible:outline-brand-400 disabled:opacity-50",
                  on ? "bg-brand-500/15 ring-1 ring-brand-400/50" : "hover:bg-surface-2",
                )}
              >
                <GroupAvatar name={character.name} src={character.avatar_url} className="h-9 w-9 text-sm" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold text-text-1">{character.name}</span>
                  {character.title ? (
                    <span className="block truncate text-xs text-text-2">{character.title}</span>
                  ) : null}
                </span>
                <span
                  aria-hidden="true"
                  className={cn(
                    "flex h-6 w-6 items-center justify-center rounded-full border",
                    on ? "border-brand-400 bg-brand-500 text-white" : "border-surface-3",
                  )}
                >
                  {on ? <Check className="h-4 w-4" /> : null}
                </span>
              </button>
            </li>
          );
        })}
        {characters.length === 0 ? (
          <li className="flex justify-center py-6 text-sm text-text-3">
            {publicResults.isFetching ? <Spinner label="Searching characters" /> : "No characters found."}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
