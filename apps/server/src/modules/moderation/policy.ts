import type { CharacterRow, ReviewRow, UserRow } from "../../db/schema";
import { definePolicy } from "../../policy";
import { type canViewCharacter, can as characterCan, type Viewer } from "../characters/index";

/** Who acts: the member (as a viewer of characters) and whether they are an admin. */
export type ModerationActor = { viewer: Viewer; role: UserRow["role"] };

type ReportedCharacter = Parameters<typeof canViewCharacter>[0];
type ModeratedCharacter = Pick<CharacterRow, "isDeleted">;

type ModerationSubjects = {
  /**
   * Report a character: any one the member may see (their own too); one they may not see (private,
   * deleted, held for review) is answered as unknown, so reports never reveal it exists.
   */
  report: ReportedCharacter;
  /** Change or delete a character as moderation: admins, on a character that is not deleted. */
  moderate: ModeratedCharacter;
  /** Read the review table and the characters' definitions beside it: admins. */
  review: null;
};
export type ModerationAction = keyof ModerationSubjects;

const isAdmin = (actor: Pick<ModerationActor, "role">) => actor.role === "admin";

export const can = definePolicy<ModerationActor, ModerationSubjects>({
  report: (actor, character) => characterCan(actor.viewer, "view", character),
  moderate: (actor, character) => isAdmin(actor) && !character.isDeleted,
  review: (actor) => isAdmin(actor),
});

export type ReviewDecision = "allowed" | "not_found" | "closed" | "other_character";

/** Whether a review may be closed (with an action on `characterId`, when given): open, and about it. */
export function decideCloseReview(
  review: Pick<ReviewRow, "status" | "characterId"> | null,
  characterId?: string,
): ReviewDecision {
  if (!review) return "not_found";
  if (characterId !== undefined && review.characterId !== characterId) return "other_character";
  return review.status === "open" ? "allowed" : "closed";
}
