import type { CharacterSort } from "@hearth/contracts";

/**
 * Query keys of the character domain. Other features invalidate by these literal prefixes
 * (["characters"], ["my-characters"]) without importing this file.
 */
export const characterKeys = {
  all: ["characters"] as const,
  browse: (params: BrowseParams) => ["characters", "browse", params] as const,
  detail: (id: string) => ["characters", "detail", id] as const,
};

export type BrowseParams = { search: string; tags: string[]; sort: CharacterSort };
