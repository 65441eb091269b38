import { describe, expect, it } from "vitest";
import { formatLeaderboardMonth, formatLeaderboardScore, leaderboardQuerySchema } from "./leaderboard";

describe("leaderboard contracts", () => {
  it("shows scores in thousands with one decimal and 'k'", () => {
    expect(formatLeaderboardScore(0)).toBe("0.0k");
    expect(formatLeaderboardScore(950)).toBe("1.0k");
    expect(formatLeaderboardScore(12_345)).toBe("12.3k");
    expect(formatLeaderboardScore(88_400)).toBe("88.4k");
  });

  it("names months", () => {
    expect(formatLeaderboardMonth("2025-06")).toBe("June 2025");
    expect(formatLeaderboardMonth("2026-12")).toBe("December 2026");
  });

  it("defaults the category and page and keeps any date for the server to resolve", () => {
    expect(leaderboardQuerySchema.parse({})).toEqual({ type: "new_bots", page: 1 });
    expect(leaderboardQuerySchema.parse({ type: "all_bots", date: "nonsense", page: "2" })).toEqual({
      type: "all_bots",
      date: "nonsense",
      page: 2,
    });
    expect(leaderboardQuerySchema.safeParse({ page: "0" }).success).toBe(false);
    expect(leaderboardQuerySchema.safeParse({ type: "best_bots" }).success).toBe(false);
  });
});
