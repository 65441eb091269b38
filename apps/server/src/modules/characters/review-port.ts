import type { Database } from "../../db/client";
import type { CharacterText, ContentChecker } from "../content-check/index";

/** A character held for an admin's review, as characters asks for it. */
export type ReviewRequest = { characterId: string; issue: string; details: string };

/**
 * What characters needs from the moderation module, passed in by app.ts (the composition root), since
 * moderation builds on this module and this one cannot import it: open the character's review in the
 * caller's transaction (or refresh the one already open), so the hold and its review commit together.
 */
export type CharacterReviews = {
  requestReview(db: Database, request: ReviewRequest): Promise<void>;
};

/** Publishing and editing: the automatic check (ctx.contentCheck) and where a flagged character goes. */
export type CharacterChecks = { contentCheck: ContentChecker; reviews: CharacterReviews };

type CheckedCharacter = {
  name: string;
  title: string;
  persona: string;
  greeting: string;
  scenario: string;
  dialogue: string;
  tags: readonly string[];
};

/** The text the check reads, of the character as it will be saved (the whole of it on an edit). */
export function checkedTextOf(character: CheckedCharacter): CharacterText {
  return {
    name: character.name,
    title: character.title,
    persona: character.persona,
    greeting: character.greeting,
    scenario: character.scenario,
    dialogue: character.dialogue,
    tags: character.tags,
  };
}

export function sameCheckedText(a: CharacterText, b: CharacterText): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
