import { type Character, characterListSchema } from "@hearth/contracts";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { sameViewer, useViewerKey } from "../../../lib/session";
import { type BrowseParams, characterKeys } from "./query-keys";

/** How many public characters one page of the home grid asks for. */
export const BROWSE_PAGE_SIZE = 24;

export type BrowsePage = { data: Character[]; next_cursor: string | null };

export function browseQueryString(params: BrowseParams, cursor: string | null): string {
  const query = new URLSearchParams({ sort: params.sort, limit: String(BROWSE_PAGE_SIZE) });
  if (params.search.trim()) query.set("search", params.search.trim());
  if (params.tags.length) query.set("tags", params.tags.join(","));
  if (cursor) query.set("cursor", cursor);
  return query.toString();
}

/**
 * Public characters (`GET /api/characters`), searched, tag-filtered and sorted, a page at a time; for the
 * viewer asking, so not before the session is known.
 */
export function useBrowseCharacters(params: BrowseParams) {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: characterKeys.browse(params, viewer ?? ["anonymous"]),
    enabled: viewer !== null,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<BrowsePage> => {
      const body = await apiFetch(`/characters?${browseQueryString(params, pageParam)}`, {
        schema: characterListSchema,
        signal,
      });
      return { data: body.data, next_cursor: body.next_cursor ?? null };
    },
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // The previous results stay on screen while a new search or filter loads, never another viewer's.
    placeholderData: (previous, previousQuery) =>
      viewer && previousQuery && sameViewer(previousQuery.queryKey[2], viewer)
        ? keepPreviousData(previous)
        : undefined,
    staleTime: 60_000,
  });
}
