import { CHARACTER_LIMITS, type TagSuggestionBody } from "@hearth/contracts";
import type { CharacterRow } from "../../db/schema";
import { canViewCharacter, isCreator } from "./policy";
import type { Viewer } from "./viewer";

type SuggestedCharacter = Parameters<typeof canViewCharacter>[0] & Pick<CharacterRow, "tags">;

export type TagSuggestionDecision =
  | { kind: "allowed"; add: string[]; remove: string[] }
  | { kind: "not_found" }
  | { kind: "own_character" }
  | { kind: "nothing_selected" }
  | { kind: "too_many_tags" };

/**
 * A member (the route's declared access) may suggest tags for a character they may see, except their own
 * (the creator edits the tags). Only real changes count: tags it already has are not added, tags it lacks
 * not removed, duplicates dropped; nothing left is "nothing selected", and the result must keep within 12.
 */
export function decideTagSuggestion(
  character: SuggestedCharacter | null,
  viewer: Viewer,
  body: TagSuggestionBody,
): TagSuggestionDecision {
  if (!character || !canViewCharacter(character, viewer)) return { kind: "not_found" };
  if (isCreator(character, viewer)) return { kind: "own_character" };
  const current = new Set(character.tags);
  const add = [...new Set(body.tags_to_add)].filter((tag) => !current.has(tag));
  const remove = [...new Set(body.tags_to_remove)].filter((tag) => current.has(tag));
  if (add.length + remove.length === 0) return { kind: "nothing_selected" };
  if (current.size - remove.length + add.length > CHARACTER_LIMITS.maxTags) return { kind: "too_many_tags" };
  return { kind: "allowed", add, remove };
}
