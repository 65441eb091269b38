import {
  type Character,
  type CharacterCard,
  type CharacterSort,
  type CharacterUpdateBody,
  characterListSchema,
  characterSchema,
  type OwnCharacter,
  ownCharacterSchema,
} from "@hearth/contracts";
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../lib/api-client";
import { sameViewer, useViewerKey, type ViewerKey } from "../lib/session";

export type BrowseParams = { search: string; tags: string[]; sort: CharacterSort };

/**
 * Query keys of every character answer: one character, the public grid, the recommendations, the
 * member's own bots and favorites. A change to a character (saved, deleted, rated, its creator blocked)
 * invalidates `characterKeys.all`, which reaches them all.
 */
export const characterKeys = {
  all: ["characters"] as const,
  detail: (id: string) => ["characters", "detail", id] as const,
  /** Lists answer per viewer (blocks, adult content): the key names who asked, third. */
  browse: (params: BrowseParams, viewer: ViewerKey) => ["characters", "browse", viewer, params] as const,
  recommended: (viewer: ViewerKey) => ["characters", "recommended", viewer] as const,
  mine: ["characters", "mine"] as const,
  favorites: ["characters", "favorites"] as const,
};

/**
 * `GET /api/characters/{id}?switch=T1`: one character with the viewer's favorite and rating: its creator's
 * view (definition, moderation state, tag suggestions: `isOwnCharacter`) for its creator, else the public
 * view, with the definition when visible (`definitionOf`). `switch=T1` is the legacy clients' flag; the
 * server answers the same.
 */
export function fetchCharacter(id: string, signal?: AbortSignal): Promise<Character> {
  return apiFetch(`/characters/${encodeURIComponent(id)}?switch=T1`, { schema: characterSchema, signal });
}

/** The one cache entry of a character, shared by its profile, its editor, its chat and its saved chats. */
export function characterQuery(id: string) {
  return queryOptions({
    queryKey: characterKeys.detail(id),
    queryFn: ({ signal }) => fetchCharacter(id, signal),
    enabled: id !== "",
  });
}

export function useCharacter(id: string | undefined) {
  return useQuery(characterQuery(id ?? ""));
}

/** `PATCH /api/characters/{id}?switch=T1` with only the changed fields; answers the creator's view of it. */
export function updateCharacter(id: string, changes: CharacterUpdateBody): Promise<OwnCharacter> {
  return apiFetch(`/characters/${encodeURIComponent(id)}?switch=T1`, {
    method: "PATCH",
    body: changes,
    schema: ownCharacterSchema,
  });
}

/** How many public characters one page of the home grid asks for. */
export const BROWSE_PAGE_SIZE = 24;

export type BrowsePage = { data: CharacterCard[]; next_cursor: string | null };

export function browseQueryString(params: BrowseParams, cursor: string | null): string {
  const query = new URLSearchParams({ sort: params.sort, limit: String(BROWSE_PAGE_SIZE) });
  if (params.search.trim()) query.set("search", params.search.trim());
  if (params.tags.length) query.set("tags", params.tags.join(","));
  if (cursor) query.set("cursor", cursor);
  return query.toString();
}

/** `GET /api/characters`: one page of public characters, searched, tag-filtered and sorted. */
export async function fetchBrowsePage(
  params: BrowseParams,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<BrowsePage> {
  const body = await apiFetch(`/characters?${browseQueryString(params, cursor)}`, {
    schema: characterListSchema,
    signal,
  });
  return { data: body.data, next_cursor: body.next_cursor ?? null };
}

/**
 * Public characters a page at a time, for the viewer asking, so not before the session is known.
 */
export function useBrowseCharacters(params: BrowseParams) {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: characterKeys.browse(params, viewer ?? ["anonymous"]),
    enabled: viewer !== null,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchBrowsePage(params, pageParam, signal),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // The previous results stay on screen while a new search or filter loads, never another viewer's.
    placeholderData: (previous, previousQuery) =>
      viewer && previousQuery && sameViewer(previousQuery.queryKey[2], viewer)
        ? keepPreviousData(previous)
        : undefined,
    staleTime: 60_000,
  });
}
