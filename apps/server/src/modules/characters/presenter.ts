import type { Character, ModerationReport, TagSuggestion } from "@hearth/contracts";
import type { Database } from "../../db/client";
import { canSeeAvatar, canSeeDefinition, canSeeModeration } from "./policy";
import { loadRelations, type ViewerRelation } from "./relations";
import type { CharacterSummary, CharacterWithCreator, TagSuggestionRow } from "./repository";
import type { Viewer } from "./viewer";

/** Presents a list with the viewer's favorites, ratings and blocks loaded for the whole page at once. */
export async function presentSummaries(
  db: Database,
  viewer: Viewer,
  rows: readonly CharacterSummary[],
): Promise<Character[]> {
  const relationOf = await loadRelations(db, viewer, rows);
  return rows.map((row) => presentCharacterSummary(row, viewer, relationOf(row)));
}

/** A character in a list: never the definition; moderation details to the creator only. */
export function presentCharacterSummary(
  row: CharacterSummary,
  viewer: Viewer,
  relation: ViewerRelation,
): Character {
  const character: Character = {
    id: row.id,
    name: row.name,
    title: row.title,
    avatar_url: canSeeAvatar(row, viewer) ? row.avatarUrl : null,
    avatar_is_nsfw: row.avatarIsNsfw,
    creator_user_id: row.creatorUserId,
    creator_username: row.creatorUsername,
    tags: row.tags,
    greeting: row.greeting,
    visibility: row.visibility,
    definition_visible: row.definitionVisible,
    num_messages: row.numMessages,
    num_favorites: row.numFavorites,
    rating_score: row.ratingScore,
    token_count: row.tokenCount,
    language: row.language,
    is_nsfw: row.isNsfw,
    lora_status: row.loraStatus,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    is_favorite: relation.isFavorite,
    my_rating: relation.myRating,
    is_creator_blocked: relation.isCreatorBlocked,
  };
  if (canSeeModeration(row, viewer)) {
    character.moderationReport = presentModeration(row);
    character.reportsType = row.reportsType;
  }
  return character;
}

/** One character: adds the definition when allowed and, for the creator, pending tag suggestions. */
export function presentCharacterDetail(
  row: CharacterWithCreator,
  viewer: Viewer,
  relation: ViewerRelation,
  suggestions: readonly TagSuggestionRow[],
): Character {
  const character = presentCharacterSummary(row, viewer, relation);
  if (canSeeDefinition(row, viewer)) {
    character.persona = row.persona;
    character.scenario = row.scenario;
    character.dialogue = row.dialogue;
    character.card_extras = row.cardExtras;
  }
  if (canSeeModeration(row, viewer)) character.tag_suggestions = suggestions.map(presentTagSuggestion);
  return character;
}

function presentModeration(row: CharacterSummary): ModerationReport | null {
  if (row.moderationStatus === null) return null;
  const reasons = Array.isArray(row.reasonForModeration)
    ? row.reasonForModeration.filter((reason): reason is string => typeof reason === "string")
    : [];
  return {
    moderation_status: row.moderationStatus,
    reason_for_moderation: reasons,
    action_taken_description: row.actionTakenDescription,
  };
}

function presentTagSuggestion(row: TagSuggestionRow): TagSuggestion {
  return {
    id: row.id,
    tags_to_add: row.tagsToAdd,
    tags_to_remove: row.tagsToRemove,
    created_at: row.createdAt.toISOString(),
  };
}
