import type {
  Character,
  CharacterCard,
  ModerationReport,
  OwnCharacter,
  OwnCharacterCard,
  PublicCharacter,
  TagSuggestion,
} from "@hearth/contracts";
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
): Promise<CharacterCard[]> {
  const relationOf = await loadRelations(db, viewer, rows);
  return rows.map((row) => presentCharacterCard(row, viewer, relationOf(row)));
}

/** The creator's own characters in a list, each with its moderation state (`GET /api/users/characters`). */
export async function presentOwnSummaries(
  db: Database,
  viewer: Viewer,
  rows: readonly CharacterSummary[],
): Promise<OwnCharacterCard[]> {
  const relationOf = await loadRelations(db, viewer, rows);
  return rows.map((row) => presentOwnCharacterCard(row, viewer, relationOf(row)));
}

/**
 * The score shown only from real votes: null until a member rated the character (a character with no
 * votes has no score, not 0%).
 */
export function ratingOf(row: Pick<CharacterSummary, "ratingScore" | "numRatings">): {
  rating_score: number | null;
  rating_count: number;
} {
  return { rating_score: row.numRatings > 0 ? row.ratingScore : null, rating_count: row.numRatings };
}

/** A character in a list: never the definition, never the moderation state. */
export function presentCharacterCard(
  row: CharacterSummary,
  viewer: Viewer,
  relation: ViewerRelation,
): CharacterCard {
  return {
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
    ...ratingOf(row),
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
}

/** The creator's card of their own character: with its moderation status, reasons and reports. */
export function presentOwnCharacterCard(
  row: CharacterSummary,
  viewer: Viewer,
  relation: ViewerRelation,
): OwnCharacterCard {
  return {
    ...presentCharacterCard(row, viewer, relation),
    moderationReport: presentModeration(row),
    reportsType: row.reportsType,
  };
}

/** One character as its creator sees it: the definition, moderation and pending tag suggestions. */
export function presentOwnCharacter(
  row: CharacterWithCreator,
  viewer: Viewer,
  relation: ViewerRelation,
  suggestions: readonly TagSuggestionRow[],
): OwnCharacter {
  return {
    ...presentOwnCharacterCard(row, viewer, relation),
    ...presentDefinition(row),
    tag_suggestions: suggestions.map(presentTagSuggestion),
  };
}

/**
 * One character as the viewer may see it: the creator's view to the creator (`suggestions` are read for
 * them only); to anyone else the card, with the definition when the creator made it visible.
 */
export function presentCharacterDetail(
  row: CharacterWithCreator,
  viewer: Viewer,
  relation: ViewerRelation,
  suggestions: readonly TagSuggestionRow[],
): Character {
  if (canSeeModeration(row, viewer)) return presentOwnCharacter(row, viewer, relation, suggestions);
  return presentPublicCharacter(row, viewer, relation);
}

function presentPublicCharacter(
  row: CharacterWithCreator,
  viewer: Viewer,
  relation: ViewerRelation,
): PublicCharacter {
  const card = presentCharacterCard(row, viewer, relation);
  // For anyone but the creator, the definition is seen exactly when the creator made it visible.
  return canSeeDefinition(row, viewer)
    ? { ...card, definition_visible: true, ...presentDefinition(row) }
    : { ...card, definition_visible: false };
}

function presentDefinition(row: CharacterWithCreator) {
  return {
    persona: row.persona,
    scenario: row.scenario,
    dialogue: row.dialogue,
    card_extras: row.cardExtras,
  };
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
