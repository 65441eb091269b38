import { describe, expect, it } from "vitest";
import { ageInDays, formatDay, localInputToIso, toLocalInputValue } from "./format";

describe("admin formatting", () => {
  it("formats a UTC stats day", () => {
    expect(formatDay("2026-03-04")).toBe("Mar 4");
    expect(formatDay("nonsense")).toBe("nonsense");
  });

  it("says how old a review is in days", () => {
    const now = Date.parse("2026-03-10T12:00:00Z");
    expect(ageInDays("2026-03-10T01:00:00Z", now)).toBe("today");
    expect(ageInDays("2026-03-09T10:00:00Z", now)).toBe("1 day");
    expect(ageInDays("2026-03-01T12:00:00Z", now)).toBe("9 days");
  });

  it("turns a datetime-local value into an ISO instant and back", () => {
    const time = new Date(2026, 2, 4, 9, 30).getTime();
    const local = toLocalInputValue(time);
    expect(local).toBe("2026-03-04T09:30");
    expect(localInputToIso(local)).toBe(new Date(time).toISOString());
    expect(localInputToIso("")).toBeNull();
    expect(localInputToIso("garbage")).toBeNull();
  });
});
