import type { CharacterCard, ModerationStatus } from "@hearth/contracts";

/** The moderation part of an own bot as `GET /api/users/characters` answers it. */
export type ModeratedCharacter = Pick<CharacterCard, "visibility"> & {
  moderationReport?: { moderation_status: ModerationStatus | null } | null;
  reportsType?: readonly string[] | null;
};

export type CardStatus = "review" | "action" | "public" | "private" | "unlisted";

export function moderationStatusOf(character: ModeratedCharacter): ModerationStatus | null {
  return character.moderationReport?.moderation_status ?? null;
}

/** Moderation takes precedence over visibility (chat spec 4). */
export function cardStatus(character: ModeratedCharacter): CardStatus {
  switch (moderationStatusOf(character)) {
    case "fix_required":
      return "action";
    case "pending":
    case "rereview_required":
      return "review";
    default:
      break;
  }
  switch (character.visibility) {
    case "public":
      return "public";
    case "hidden":
      return "unlisted";
    default:
      return "private";
  }
}

/** A fix-required bot reads 'Reported' when users reported it, otherwise 'Rejected'. */
export function fixRequiredLabel(character: ModeratedCharacter): "Reported" | "Rejected" {
  return character.reportsType?.includes("User") ? "Reported" : "Rejected";
}

export function isUnderReview(character: ModeratedCharacter): boolean {
  return cardStatus(character) === "review";
}

function sortRank(character: ModeratedCharacter): number {
  const status = cardStatus(character);
  if (status === "action") return 0;
  if (status === "review") return 1;
  return 2;
}

/** Fix-required first, then pending or rereview, then the rest; order within a group is kept. */
export function sortMyCharacters<T extends ModeratedCharacter>(characters: readonly T[]): T[] {
  return characters
    .map((character, index) => ({ character, index }))
    .sort((a, b) => sortRank(a.character) - sortRank(b.character) || a.index - b.index)
    .map(({ character }) => character);
}

export const STATUS_LABELS: Record<CardStatus, string> = {
  review: "In review",
  action: "Action needed",
  public: "Public",
  private: "Private",
  unlisted: "Unlisted",
};

/** The card's badge text: a fix-required bot shows 'Reported' or 'Rejected'. */
export function statusLabel(character: ModeratedCharacter): string {
  const status = cardStatus(character);
  return status === "action" ? fixRequiredLabel(character) : STATUS_LABELS[status];
}

export type StatusFilter = "all" | CardStatus;

export function matchesFilter(character: ModeratedCharacter, filter: StatusFilter): boolean {
  return filter === "all" || cardStatus(character) === filter;
}

export function matchesSearch(
  character: Pick<CharacterCard, "name" | "title" | "tags">,
  query: string,
): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return (
    character.name.toLowerCase().includes(q) ||
    character.title.toLowerCase().includes(q) ||
    character.tags.some((t) => t.toLowerCase().includes(q))
  );
}

export type MySort = "newest" | "messages" | "name";

/** Orders by the chosen key, then applies the status grouping (which always comes first). */
export function orderMyCharacters<
  T extends ModeratedCharacter & Pick<CharacterCard, "name" | "num_messages" | "created_at">,
>(characters: readonly T[], sort: MySort): T[] {
  const ordered = [...characters].sort((a, b) => {
    if (sort === "name") return a.name.localeCompare(b.name);
    if (sort === "messages") return b.num_messages - a.num_messages;
    return b.created_at.localeCompare(a.created_at);
  });
  return sortMyCharacters(ordered);
}
