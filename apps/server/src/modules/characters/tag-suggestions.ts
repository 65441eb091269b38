import {
  type EVENTS_WITH_OWN_ROUTES,
  SOCIAL_MESSAGES,
  TAG_MESSAGES,
  type TagSuggestion,
  type TagSuggestionBody,
} from "@hearth/contracts";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { tagSuggestions } from "../../db/schema";
import { AppError, forbidden, notFound } from "../../http/errors";
import { logEvent } from "../events/index";
import { can } from "./policy";
import { findCharacterById, lockCharacter, type TagSuggestionRow } from "./repository";
import { decideTagSuggestion } from "./tag-suggestion-policy";
import type { Viewer } from "./viewer";

const SUGGESTIONS_SHOWN = 50;
const SUGGESTION_EVENT: keyof typeof EVENTS_WITH_OWN_ROUTES = "characterSuggestTags";

const tagError = (message: string) =>
  new AppError(400, "validation_error", message, { tags_to_add: message });

/**
 * `POST /api/characters/{id}/tag-suggestions`: a member proposes tags to add and remove (rules in
 * tag-suggestion-policy.ts). One suggestion per member and character: the latest replaces the earlier
 * one. The spec's characterSuggestTags analytics event is logged in the same transaction.
 */
export async function suggestTags(
  db: Database,
  viewer: Viewer & { userId: string },
  characterId: string,
  body: TagSuggestionBody,
): Promise<TagSuggestion> {
  const { userId } = viewer;
  // The character row is locked, so the 12-tag check reads the tags a concurrent edit commits.
  return db.transaction(async (tx) => {
    const decision = decideTagSuggestion(await lockCharacter(tx, characterId), viewer, body);
    if (decision.kind === "not_found") throw notFound();
    if (decision.kind === "own_character") throw new AppError(403, "forbidden", SOCIAL_MESSAGES.suggestOwn);
    if (decision.kind === "nothing_selected") throw tagError(TAG_MESSAGES.nothingSelected);
    if (decision.kind === "too_many_tags") throw tagError(TAG_MESSAGES.tooMany);
    const { add, remove } = decision;
    // One suggestion per member and character (unique index): parallel ones replace each other.
    const [row] = await tx
      .insert(tagSuggestions)
      .values({ userId, characterId, tagsToAdd: add, tagsToRemove: remove })
      .onConflictDoUpdate({
        target: [tagSuggestions.characterId, tagSuggestions.userId],
        set: { tagsToAdd: add, tagsToRemove: remove, createdAt: sql`now()` },
      })
      .returning();
    if (!row) throw new Error("Storing a tag suggestion returned no row");
    await logEvent(tx, { userId, guestId: null }, SUGGESTION_EVENT, {
      character_id: characterId,
      tags_to_add: add,
      tags_to_remove: remove,
    });
    return presentSuggestion(row);
  });
}

/** As `presenter.ts` shows suggestions to the creator. */
function presentSuggestion(row: TagSuggestionRow): TagSuggestion {
  return {
    id: row.id,
    tags_to_add: row.tagsToAdd,
    tags_to_remove: row.tagsToRemove,
    created_at: row.createdAt.toISOString(),
  };
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
  if (!character || !can(viewer, "view", character)) throw notFound();
  if (!can(viewer, "dismiss_tag_suggestion", character)) throw forbidden();
  const removed = await db
    .delete(tagSuggestions)
    .where(and(eq(tagSuggestions.id, suggestionId), eq(tagSuggestions.characterId, characterId)))
    .returning({ id: tagSuggestions.id });
  if (removed.length === 0) throw notFound();
}
