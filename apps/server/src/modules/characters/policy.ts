import type { ServerConfig } from "../../config";
import type { CharacterRow } from "../../db/schema";

type Viewer = { userId: string | null; brand: ServerConfig["brand"] };

const isCreator = (character: CharacterRow, viewer: Viewer) => viewer.userId === character.creatorUserId;

/**
 * Public and hidden (unlisted) characters are open to anyone with the link; private ones, and ones flagged
 * underage or NSFW on the safe-for-work brand, only to their creator. Deleted ones to nobody.
 */
export function canViewCharacter(character: CharacterRow, viewer: Viewer): boolean {
  if (character.isDeleted) return false;
  if (isCreator(character, viewer)) return true;
  if (character.isUnderage || (viewer.brand === "sfw" && character.isNsfw)) return false;
  return character.visibility === "public" || character.visibility === "hidden";
}

/** Persona, scenario and dialogue are shown when the creator made them visible, and always to the creator. */
export function canSeeDefinition(character: CharacterRow, viewer: Viewer): boolean {
  return character.definitionVisible || isCreator(character, viewer);
}
