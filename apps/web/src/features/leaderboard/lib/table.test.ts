import type { LeaderboardEntry } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { DEFAULT_SORT, movementText, nextSort, sortEntries } from "./table";

const entry = (
  rank: number,
  username: string,
  bots: number,
  score: number,
  movement: number,
): LeaderboardEntry => ({
  id: String(rank),
  date: "2026-10",
  type: "All Bots",
  rank,
  creator_username: username,
  number_of_characters: bots,
  score,
  movement,
  avatar_url: null,
  prize: null,
});

const entries = [entry(1, "zoe", 2, 900, 0), entry(2, "adam", 5, 800, 3), entry(3, "mia", 2, 700, -1)];

describe("leaderboard table", () => {
  it("sorts by each column and keeps rank order on ties", () => {
    expect(sortEntries(entries, DEFAULT_SORT).map((e) => e.rank)).toEqual([1, 2, 3]);
    expect(sortEntries(entries, { key: "creator", direction: "ascending" }).map((e) => e.rank)).toEqual([
      2, 3, 1,
    ]);
    expect(sortEntries(entries, { key: "bots", direction: "descending" }).map((e) => e.rank)).toEqual([
      2, 1, 3,
    ]);
    expect(sortEntries(entries, { key: "bots", direction: "ascending" }).map((e) => e.rank)).toEqual([
      1, 3, 2,
    ]);
    expect(sortEntries(entries, { key: "movement", direction: "descending" }).map((e) => e.rank)).toEqual([
      2, 1, 3,
    ]);
    expect(sortEntries(entries, { key: "score", direction: "ascending" }).map((e) => e.rank)).toEqual([
      3, 2, 1,
    ]);
  });

  it("flips the same column and starts another at its natural direction", () => {
    expect(nextSort(DEFAULT_SORT, "rank")).toEqual({ key: "rank", direction: "descending" });
    expect(nextSort(DEFAULT_SORT, "score")).toEqual({ key: "score", direction: "descending" });
    expect(nextSort({ key: "score", direction: "descending" }, "creator")).toEqual({
      key: "creator",
      direction: "ascending",
    });
  });

  it("describes movement", () => {
    expect(movementText(3)).toEqual({ symbol: "▲ 3", label: "Up 3" });
    expect(movementText(-2)).toEqual({ symbol: "▼ 2", label: "Down 2" });
    expect(movementText(0)).toEqual({ symbol: "–", label: "No change" });
  });
});
