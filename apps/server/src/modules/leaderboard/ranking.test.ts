import { describe, expect, it } from "vitest";
import {
  addMonths,
  allocatePrizes,
  monthOf,
  monthRange,
  monthsToClose,
  type RankedCreator,
  rankCreators,
} from "./ranking";

const tally = (creatorId: string, score: number, username = creatorId) => ({
  creatorId,
  username,
  avatarUrl: null,
  numberOfCharacters: 1,
  score,
});

/** A ranking of ids, best first. */
const ranked = (...ids: string[]): Pick<RankedCreator, "creatorId" | "rank">[] =>
  ids.map((creatorId, index) => ({ creatorId, rank: index + 1 }));

describe("rankCreators", () => {
  it("ranks by score, then username, leaves out zero scores and computes movement", () => {
    const result = rankCreators(
      [tally("c", 5), tally("a", 9), tally("z", 0), tally("b", 5), tally("d", 1)],
      new Map([
        ["a", 3],
        ["b", 1],
        ["d", 2],
      ]),
    );
    expect(result.map((r) => [r.creatorId, r.rank, r.movement])).toEqual([
      ["a", 1, 2],
      ["b", 2, -1],
      ["c", 3, 0],
      ["d", 4, -2],
    ]);
  });
});

describe("allocatePrizes", () => {
  const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);

  it("gives the top 3 premium and the next 7 basic in each category", () => {
    const awards = allocatePrizes({ new_bots: ranked(...ids("n", 12)), all_bots: ranked(...ids("a", 12)) });
    expect(awards.filter((a) => a.category === "new_bots").map((a) => [a.creatorId, a.prize])).toEqual([
      ...ids("n", 3).map((id) => [id, "premium"]),
      ...ids("n", 10)
        .slice(3)
        .map((id) => [id, "basic"]),
    ]);
    expect(awards.filter((a) => a.category === "all_bots")).toHaveLength(10);
  });

  it("never awards one creator twice: the better prize is kept and the other category's next moves up", () => {
    // x is 5th in New Bots (basic) and 2nd in All Bots (premium); y is 1st in both (premium both: New Bots).
    const awards = allocatePrizes({
      new_bots: ranked("y", "n2", "n3", "n4", "x", "n6", "n7", "n8", "n9", "n10", "n11"),
      all_bots: ranked("y", "x", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11"),
    });
    const byCreator = new Map<string, string[]>();
    for (const award of awards)
      byCreator.set(award.creatorId, [
        ...(byCreator.get(award.creatorId) ?? []),
        `${award.category}:${award.prize}`,
      ]);
    for (const won of byCreator.values()) expect(won).toHaveLength(1);
    expect(byCreator.get("y")).toEqual(["new_bots:premium"]);
    expect(byCreator.get("x")).toEqual(["all_bots:premium"]);
    // All Bots' premium goes to x, a3, a4 (y passed over); its basic to a5..a11.
    expect(
      awards.filter((a) => a.category === "all_bots" && a.prize === "premium").map((a) => a.creatorId),
    ).toEqual(["x", "a3", "a4"]);
    expect(
      awards.filter((a) => a.category === "all_bots" && a.prize === "basic").map((a) => a.creatorId),
    ).toEqual(["a5", "a6", "a7", "a8", "a9", "a10", "a11"]);
    // New Bots' basic skips x and takes n11 instead.
    expect(
      awards.filter((a) => a.category === "new_bots" && a.prize === "basic").map((a) => a.creatorId),
    ).toEqual(["n4", "n6", "n7", "n8", "n9", "n10", "n11"]);
  });

  it("gives fewer prizes when fewer creators are ranked", () => {
    expect(allocatePrizes({ new_bots: ranked("a"), all_bots: ranked("a", "b") })).toEqual([
      { category: "new_bots", creatorId: "a", prize: "premium" },
      { category: "all_bots", creatorId: "b", prize: "premium" },
    ]);
  });
});

describe("months", () => {
  it("formats, bounds and steps months in UTC", () => {
    expect(monthOf(new Date("2026-03-31T23:59:59Z"))).toBe("2026-03");
    expect(monthRange("2026-12")).toEqual({
      start: new Date("2026-12-01T00:00:00Z"),
      end: new Date("2027-01-01T00:00:00Z"),
    });
    expect(addMonths("2026-01", -1)).toBe("2025-12");
  });

  it("closes the last month, then every month after the newest stored one", () => {
    const now = new Date("2026-04-02T00:05:00Z");
    expect(monthsToClose(now, null)).toEqual(["2026-03"]);
    expect(monthsToClose(now, "2026-01")).toEqual(["2026-02", "2026-03"]);
    expect(monthsToClose(now, "2026-03")).toEqual([]);
  });
});
