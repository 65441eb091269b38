import type { LeaderboardEntry } from "@hearth/contracts";

export type SortKey = "rank" | "creator" | "bots" | "score" | "movement";
export type SortState = { key: SortKey; direction: "ascending" | "descending" };

export const DEFAULT_SORT: SortState = { key: "rank", direction: "ascending" };

const value = (entry: LeaderboardEntry, key: SortKey): number | string => {
  switch (key) {
    case "rank":
      return entry.rank;
    case "creator":
      return entry.creator_username;
    case "bots":
      return entry.number_of_characters;
    case "score":
      return entry.score;
    case "movement":
      return entry.movement;
  }
};

/** The table's rows sorted by a column; ties keep rank order. */
export function sortEntries(entries: readonly LeaderboardEntry[], sort: SortState): LeaderboardEntry[] {
  const sign = sort.direction === "ascending" ? 1 : -1;
  return [...entries].sort((a, b) => {
    const x = value(a, sort.key);
    const y = value(b, sort.key);
    const order = typeof x === "string" && typeof y === "string" ? x.localeCompare(y) : Number(x) - Number(y);
    return order * sign || a.rank - b.rank;
  });
}

/** Clicking a column: the same one flips its direction; another starts with its natural one. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key === key) {
    return { key, direction: current.direction === "ascending" ? "descending" : "ascending" };
  }
  return { key, direction: key === "rank" || key === "creator" ? "ascending" : "descending" };
}

/** The podium's places as shown on desktop: 2, 1, 3 (on phones they stack 1, 2, 3). */
export const DESKTOP_PODIUM_ORDER = [2, 1, 3] as const;

/** M/M Rank: '▲ 3', '▼ 2' or '–'; the label says it in words. */
export function movementText(movement: number): { symbol: string; label: string } {
  if (movement > 0) return { symbol: `▲ ${movement}`, label: `Up ${movement}` };
  if (movement < 0) return { symbol: `▼ ${-movement}`, label: `Down ${-movement}` };
  return { symbol: "–", label: "No change" };
}
