import { describe, expect, it } from "vitest";
import { formatCompactNumber, formatFullNumber, ratingPercent, ratingText } from "./format";
import { collectTags, filterByTag } from "./tags";

describe("formatCompactNumber", () => {
  it.each([
    [0, "0"],
    [7, "7"],
    [999, "999"],
    [1000, "1K"],
    [1234, "1.2K"],
    [15_600, "15.6K"],
    [999_400, "999.4K"],
    [3_400_000, "3.4M"],
    [2_000_000_000, "2B"],
    [-5, "0"],
    [Number.NaN, "0"],
  ])("%d → %s", (value, expected) => {
    expect(formatCompactNumber(value)).toBe(expected);
  });

  it("formats full numbers with separators", () => {
    expect(formatFullNumber(1234567)).toBe("1,234,567");
  });
});

describe("ratingPercent", () => {
  it("rounds the 0..1 score to a whole percentage", () => {
    expect(ratingPercent(0.916)).toBe(92);
    expect(ratingPercent(0)).toBe(0);
    expect(ratingPercent(1)).toBe(100);
    expect(ratingPercent(0.005)).toBe(1);
  });
});

describe("ratingText", () => {
  it("shows a score only from real votes", () => {
    expect(ratingText({ rating_score: null, rating_count: 0 })).toEqual({
      short: "No ratings yet",
      full: "No ratings yet",
    });
    expect(ratingText({ rating_score: 0.93, rating_count: 0 }).short).toBe("No ratings yet");
    expect(ratingText({ rating_score: 0, rating_count: 1 })).toEqual({
      short: "0%",
      full: "0% positive from 1 rating",
    });
    expect(ratingText({ rating_score: 0.931, rating_count: 1234 })).toEqual({
      short: "93%",
      full: "93% positive from 1,234 ratings",
    });
  });
});

describe("tags", () => {
  const chars = [
    { tags: ["Fantasy", "Romance"] },
    { tags: ["fantasy", "Sci-Fi"] },
    { tags: ["Romance", "Fantasy", "fantasy"] },
  ];
  it("counts case-insensitively, most used first", () => {
    expect(collectTags(chars).map((t) => [t.tag, t.count])).toEqual([
      ["Fantasy", 3],
      ["Romance", 2],
      ["Sci-Fi", 1],
    ]);
  });
  it("filters by tag case-insensitively", () => {
    expect(filterByTag(chars, "ROMANCE")).toHaveLength(2);
    expect(filterByTag(chars, null)).toHaveLength(3);
  });
});
