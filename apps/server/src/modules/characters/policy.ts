import { UNDER_REVIEW_STATUSES } from "@hearth/contracts";
import type { ServerConfig } from "../../config";
import type { CharacterRow, UserRow } from "../../db/schema";
import { definePolicy } from "../../policy";

/** Who is looking at characters, as the character policies need it (built in viewer.ts). */
export type Viewer = {
  userId: string | null;
  brand: ServerConfig["brand"];
  /** NSFW characters and avatars may be shown (allowsNsfw below). */
  allowsNsfw: boolean;
  /** An admin: may read and edit any character that is not deleted (canAdminister). */
  isAdmin?: boolean;
};

/**
 * NSFW characters and avatars may be shown to a member: on any brand but the safe-for-work one, when
 * their adult-content setting (show_nsfw) is on. Visitors and guests never (viewer.ts).
 */
export const allowsNsfw = (brand: ServerConfig["brand"], member: Pick<UserRow, "showNsfw">): boolean =>
  brand !== "sfw" && member.showNsfw;

/** A member who administers characters (the viewer's isAdmin, which canAdminister reads): the admin role. */
export const administersCharacters = (member: Pick<UserRow, "role">): boolean => member.role === "admin";

type CharacterFacts = Pick<
  CharacterRow,
  | "creatorUserId"
  | "isDeleted"
  | "isUnderage"
  | "isNsfw"
  | "visibility"
  | "moderationStatus"
  | "definitionVisible"
>;

export const isCreator = (character: Pick<CharacterRow, "creatorUserId">, viewer: Pick<Viewer, "userId">) =>
  viewer.userId !== null && viewer.userId === character.creatorUserId;

/**
 * Public and hidden (unlisted) characters are open to anyone with the link; private ones, ones flagged
 * underage, held by moderation (pending or rereview required: under review; fix required: rejected) or
 * NSFW on the safe-for-work brand only to their creator. Deleted ones to nobody.
 */
export function canViewCharacter(character: CharacterFacts, viewer: Viewer): boolean {
  if (character.isDeleted) return false;
  if (isCreator(character, viewer)) return true;
  if (hiddenByContent(character, viewer)) return false;
  // Pending, rereview required or fix required: held by moderation until an admin clears it.
  if (character.moderationStatus !== null) return false;
  return character.visibility === "public" || character.visibility === "hidden";
}

type ContentFacts = Pick<CharacterRow, "creatorUserId" | "isUnderage" | "isNsfw">;

/**
 * What the character is keeps it from everyone but its creator, wherever they would meet it: flagged
 * underage, or NSFW on the safe-for-work brand. `contentVisibleFilter` (repository.ts) is its SQL twin.
 */
export function hiddenByContent(character: ContentFacts, viewer: Pick<Viewer, "userId" | "brand">): boolean {
  if (isCreator(character, viewer)) return false;
  return character.isUnderage || (viewer.brand === "sfw" && character.isNsfw);
}

/**
 * An admin administers every character that is not deleted: reads it as its creator does (definition and
 * moderation, whatever its visibility or moderation status) and edits it (decideEdit), each edit audited.
 */
export const canAdminister = (character: Pick<CharacterRow, "isDeleted">, viewer: Pick<Viewer, "isAdmin">) =>
  viewer.isAdmin === true && !character.isDeleted;

/**
 * Persona, scenario, dialogue and card extras: when the creator made them visible, and always to the
 * creator and to admins.
 */
export function canSeeDefinition(character: CharacterFacts, viewer: Viewer): boolean {
  return character.definitionVisible || isCreator(character, viewer) || canAdminister(character, viewer);
}

/** Moderation status, reasons, reports and tag suggestions are the creator's business, and the admins'. */
export const canSeeModeration = (
  character: Pick<CharacterRow, "creatorUserId">,
  viewer: Pick<Viewer, "userId" | "isAdmin">,
) => isCreator(character, viewer) || viewer.isAdmin === true;

/** The character page (`GET /api/characters/{id}`): whoever may view it, and admins (canAdminister). */
export const canOpenCharacter = (character: CharacterFacts, viewer: Viewer) =>
  canViewCharacter(character, viewer) || canAdminister(character, viewer);

/**
 * An NSFW avatar is shown to viewers who allow adult content, and to the creator. The one rule for every
 * answer that carries a character's avatar (character lists and pages, conversation lists and chats).
 */
export function canSeeAvatar(
  character: Pick<CharacterRow, "avatarIsNsfw" | "creatorUserId">,
  viewer: Pick<Viewer, "userId" | "allowsNsfw">,
) {
  return !character.avatarIsNsfw || viewer.allowsNsfw || isCreator(character, viewer);
}

export const isUnderReview = (character: Pick<CharacterRow, "moderationStatus">) =>
  character.moderationStatus !== null && UNDER_REVIEW_STATUSES.includes(character.moderationStatus);

/**
 * `allowed`: the creator's edit; `as_admin`: an admin's edit of another member's character (audited, and
 * it never moves the creator's moderation status as a saved fix does).
 */
export type EditDecision = "allowed" | "as_admin" | "not_found" | "not_creator" | "under_review";

/**
 * The creator edits (the route already required create_character), not while under review; an admin
 * edits any character that is not deleted, under review too (they are its reviewers).
 */
export function decideEdit(character: CharacterFacts | null, viewer: Viewer): EditDecision {
  if (!character) return "not_found";
  if (isCreator(character, viewer) && canViewCharacter(character, viewer)) {
    return isUnderReview(character) ? "under_review" : "allowed";
  }
  if (canAdminister(character, viewer)) return "as_admin";
  if (!canViewCharacter(character, viewer)) return "not_found";
  return "not_creator";
}

/** Deleting needs delete_character (the route's declared access) and ownership. */
export function decideDelete(
  character: CharacterFacts | null,
  viewer: Viewer,
): "allowed" | "not_found" | "not_creator" {
  if (!character || !canViewCharacter(character, viewer)) return "not_found";
  return isCreator(character, viewer) ? "allowed" : "not_creator";
}

/** A card may be exported by its creator, or by anyone who may view the character and its definition. */
export function decideExport(
  character: CharacterFacts | null,
  viewer: Viewer,
): "allowed" | "not_found" | "hidden_definition" {
  if (!character || !canViewCharacter(character, viewer)) return "not_found";
  return canSeeDefinition(character, viewer) ? "allowed" : "hidden_definition";
}

/** Visibility set by moderation stays; the creator picks among the others. */
export const canChangeVisibility = (character: Pick<CharacterRow, "visibility">) =>
  character.visibility !== "permanently_private";

/** A character's NSFW mark and whether moderation set it (a review closed with set_nsfw). */
type NsfwMarkFacts = Pick<CharacterRow, "creatorUserId" | "isDeleted" | "isNsfw"> & {
  nsfwSetByModeration: boolean;
};

/**
 * NSFW set by moderation stays: its creator may not un-mark it (403). An admin editing another member's
 * character (decideEdit `as_admin`) may, as its reviewer; an admin's own character follows the creator's rule.
 */
export const canUnmarkNsfw = (character: NsfwMarkFacts, viewer: Viewer): boolean =>
  !character.isNsfw ||
  !character.nsfwSetByModeration ||
  (!isCreator(character, viewer) && canAdminister(character, viewer));

type CharacterSubjects = {
  view: CharacterFacts;
  see_definition: CharacterFacts;
  see_moderation: Pick<CharacterRow, "creatorUserId">;
  /** Read and edit whatever its status (admins, on a character that is not deleted). */
  administer: Pick<CharacterRow, "isDeleted">;
  see_avatar: Pick<CharacterRow, "avatarIsNsfw" | "creatorUserId">;
  /**
   * A chat with the character (its name, avatar, messages and memories) in the viewer's own history:
   * unless its content hides it (hiddenByContent). Chats with characters made private or deleted since stay.
   */
  see_chat: ContentFacts;
  /** Favorite a character: one the member may see, not their own. */
  favorite: CharacterFacts;
  /** Dismiss a tag suggestion: the creator only (suggestions are moderation business). */
  dismiss_tag_suggestion: Pick<CharacterRow, "creatorUserId">;
  /** Save is_nsfw false on an edit (canUnmarkNsfw): not once moderation marked the character NSFW. */
  unmark_nsfw: NsfwMarkFacts;
};
export type CharacterAction = keyof CharacterSubjects;

/**
 * The module's yes/no decisions in the one vocabulary (`can(viewer, action, character)`); the named
 * functions above are its rules, and the decide* functions the decisions with more than two answers.
 */
export const can = definePolicy<Viewer, CharacterSubjects>({
  view: (viewer, character) => canViewCharacter(character, viewer),
  see_definition: (viewer, character) => canSeeDefinition(character, viewer),
  see_moderation: (viewer, character) => canSeeModeration(character, viewer),
  administer: (viewer, character) => canAdminister(character, viewer),
  see_avatar: (viewer, character) => canSeeAvatar(character, viewer),
  see_chat: (viewer, character) => !hiddenByContent(character, viewer),
  favorite: (viewer, character) => canViewCharacter(character, viewer) && !isCreator(character, viewer),
  dismiss_tag_suggestion: (viewer, character) => isCreator(character, viewer),
  unmark_nsfw: (viewer, character) => canUnmarkNsfw(character, viewer),
});
