import type { CharacterSort } from "@hearth/contracts";
import type { ViewerKey } from "../../../lib/session";

/**
 * Query keys of the character domain. Other features invalidate by these literal prefixes
 * (["characters"], ["my-characters"]) without importing this file.
 */
export const characterKeys = {
  all: ["characters"] as const,
  /** Lists answer per viewer (blocks, adult content): the key names who asked. */
  browse: (params: BrowseParams, viewer: ViewerKey) => ["characters", "browse", viewer, params] as const,
  detail: (id: string) => ["characters", "detail", id] as const,
};

export type BrowseParams = { search: string; tags: string[]; sort: CharacterSort };
