import type { CharacterCard, CreatorPage } from "@hearth/contracts";
import type { UserRow } from "../../db/schema";

/** A creator's public page: their public profile fields only, never the rest of the account. */
export function presentCreatorPage(
  creator: UserRow & { username: string },
  isBlocked: boolean,
  characters: CharacterCard[],
): CreatorPage {
  return {
    id: creator.id,
    username: creator.username,
    name: creator.name,
    avatar_url: creator.avatarUrl,
    highlights: creator.highlights,
    is_blocked: isBlocked,
    characters,
  };
}
