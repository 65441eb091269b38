import { CHARACTER_LIMITS, TAG_MESSAGES } from "@hearth/contracts";
import { z } from "zod";

/** A member's pending suggestion for one character: tags to add and current tags to remove. */
export type TagSuggestionDraft = { add: string[]; remove: string[] };
export type SuggestionResult = { draft: TagSuggestionDraft; error: string | null };

export const EMPTY_SUGGESTION: TagSuggestionDraft = { add: [], remove: [] };

export function normalizeTag(raw: string): string {
  return raw.trim().replace(/\s+/g, " ").toLowerCase().slice(0, CHARACTER_LIMITS.tagMax);
}

/** The character's tags as they would be with the suggestion applied. */
export function resultingTags(current: readonly string[], draft: TagSuggestionDraft): string[] {
  return [...current.filter((t) => !draft.remove.includes(t)), ...draft.add];
}

/** Suggests a new tag; past 12 resulting tags it answers 'You can keep only 12 tags !'. */
export function suggestAdd(
  current: readonly string[],
  draft: TagSuggestionDraft,
  raw: string,
): SuggestionResult {
  const tag = normalizeTag(raw);
  if (!tag || draft.add.includes(tag)) return { draft, error: null };
  if (current.includes(tag)) {
    // Re-adding a tag marked for removal just takes the removal back.
    return draft.remove.includes(tag) ? toggleRemove(current, draft, tag) : { draft, error: null };
  }
  if (resultingTags(current, draft).length >= CHARACTER_LIMITS.maxTags)
    return { draft, error: TAG_MESSAGES.tooMany };
  return { draft: { ...draft, add: [...draft.add, tag] }, error: null };
}

/** Marks a current tag for removal, or takes the mark back (which must still fit in 12). */
export function toggleRemove(
  current: readonly string[],
  draft: TagSuggestionDraft,
  tag: string,
): SuggestionResult {
  if (!draft.remove.includes(tag))
    return { draft: { ...draft, remove: [...draft.remove, tag] }, error: null };
  if (resultingTags(current, draft).length >= CHARACTER_LIMITS.maxTags)
    return { draft, error: TAG_MESSAGES.tooMany };
  return { draft: { ...draft, remove: draft.remove.filter((t) => t !== tag) }, error: null };
}

export function dropAdded(draft: TagSuggestionDraft, tag: string): TagSuggestionDraft {
  return { ...draft, add: draft.add.filter((t) => t !== tag) };
}

/** Null when the suggestion can be sent, otherwise the message to show. */
export function sendProblem(current: readonly string[], draft: TagSuggestionDraft): string | null {
  if (draft.add.length + draft.remove.length === 0) return TAG_MESSAGES.nothingSelected;
  if (resultingTags(current, draft).length > CHARACTER_LIMITS.maxTags) return TAG_MESSAGES.tooMany;
  return null;
}

const draftSchema = z.object({ add: z.array(z.string()), remove: z.array(z.string()) });

/** Pending suggestions are kept locally per character (chat spec 3). */
export function suggestionStorageKey(characterId: string): string {
  return `hearth.tag-suggestions.${characterId}`;
}

export function loadSuggestion(storage: Storage, characterId: string): TagSuggestionDraft {
  try {
    const raw = storage.getItem(suggestionStorageKey(characterId));
    const parsed = draftSchema.safeParse(raw ? JSON.parse(raw) : null);
    return parsed.success ? parsed.data : EMPTY_SUGGESTION;
  } catch {
    return EMPTY_SUGGESTION;
  }
}

export function storeSuggestion(storage: Storage, characterId: string, draft: TagSuggestionDraft): void {
  try {
    if (draft.add.length + draft.remove.length === 0) storage.removeItem(suggestionStorageKey(characterId));
    else storage.setItem(suggestionStorageKey(characterId), JSON.stringify(draft));
  } catch {
    // storage unavailable: the suggestion lasts for this page only
  }
}
