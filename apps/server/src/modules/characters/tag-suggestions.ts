import {
  CHARACTER_LIMITS,
  type CharacterSuggestTagsPayload,
  SOCIAL_MESSAGES,
  TAG_MESSAGES,
} from "@hearth/contracts";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { tagSuggestions } from "../../db/schema";
import { AppError, forbidden, notFound, unauthenticated } from "../../http/errors";
import type { AuthContext } from "../auth/context";
import { canViewCharacter, isCreator } from "./policy";
import { findCharacterById, lockCharacter, type TagSuggestionRow } from "./repository";
import type { Viewer } from "./viewer";

const SUGGESTIONS_SHOWN = 50;

const tagError = (message: string) =>
  new AppError(400, "validation_error", message, { tags_to_add: message });

/**
 * The characterSuggestTags event: a member proposes tags to add and remove. Only real changes are kept,
 * the result must stay within 12 tags, and the member's latest suggestion replaces their earlier one.
 */
export async function suggestTags(
  db: Database,
  auth: AuthContext,
  viewer: Viewer,
  payload: CharacterSuggestTagsPayload,
): Promise<void> {
  if (auth.kind !== "member") {
    throw auth.kind === "anonymous"
      ? unauthenticated()
      : new AppError(403, "forbidden", SOCIAL_MESSAGES.suggestSignIn);
  }
  const userId = auth.user.id;
  // The character row is locked, so the 12-tag check reads the tags a concurrent edit commits.
  await db.transaction(async (tx) => {
    const character = await lockCharacter(tx, payload.character_id);
    if (!character || !canViewCharacter(character, viewer)) throw notFound();
    const current = new Set(character.tags);
    const toAdd = [...new Set(payload.tags_to_add)].filter((tag) => !current.has(tag));
    const toRemove = [...new Set(payload.tags_to_remove)].filter((tag) => current.has(tag));
    if (toAdd.length + toRemove.length === 0) throw tagError(TAG_MESSAGES.nothingSelected);
    if (current.size - toRemove.length + toAdd.length > CHARACTER_LIMITS.maxTags)
      throw tagError(TAG_MESSAGES.tooMany);
    // One suggestion per member and character (unique index): parallel ones replace each other.
    await tx
      .insert(tagSuggestions)
      .values({ userId, characterId: character.id, tagsToAdd: toAdd, tagsToRemove: toRemove })
      .onConflictDoUpdate({
        target: [tagSuggestions.characterId, tagSuggestions.userId],
        set: { tagsToAdd: toAdd, tagsToRemove: toRemove, createdAt: sql`now()` },
      });
  });
}

export function listTagSuggestions(db: Database, characterId: string): Promise<TagSuggestionRow[]> {
  return db
    .select()
    .from(tagSuggestions)
    .where(eq(tagSuggestions.characterId, characterId))
    .orderBy(desc(tagSuggestions.createdAt))
    .limit(SUGGESTIONS_SHOWN);
}

/** The creator dismisses a suggestion (after taking it or not). */
export async function dismissTagSuggestion(
  db: Database,
  viewer: Viewer,
  characterId: string,
  suggestionId: string,
): Promise<void> {
  const character = await findCharacterById(db, characterId);
  if (!character || !canViewCharacter(character, viewer)) throw notFound();
  if (!isCreator(character, viewer)) throw forbidden();
  const removed = await db
    .delete(tagSuggestions)
    .where(and(eq(tagSuggestions.id, suggestionId), eq(tagSuggestions.characterId, characterId)))
    .returning({ id: tagSuggestions.id });
  if (removed.length === 0) throw notFound();
}
