import { describe, expect, it } from "vitest";
import { freeMonthChange } from "./grants";

const now = new Date("2026-03-05T10:00:00Z");
const sub = (
  planId: "minimal_1m" | "basic_1m" | "premium_1m" | "minimal_1y",
  status: "active" | "grace" | "cancelled",
) => ({
  planId,
  status,
  recurAt: new Date("2026-03-20T00:00:00Z"),
  nextPlanId: null,
});

describe("freeMonthChange", () => {
  it("creates a one-month subscription of the tier without a live one", () => {
    expect(freeMonthChange(null, "premium", now)).toEqual({
      kind: "create",
      planId: "premium_1m",
      currentPeriodStart: now,
      recurAt: new Date("2026-04-05T10:00:00Z"),
    });
  });

  it("moves the renewal a month later for the same or a higher tier", () => {
    expect(freeMonthChange(sub("premium_1m", "active"), "basic", now)).toEqual({
      kind: "extended",
      update: { recurAt: new Date("2026-04-20T00:00:00Z") },
    });
    expect(freeMonthChange(sub("basic_1m", "cancelled"), "basic", now)).toEqual({
      kind: "extended",
      update: { recurAt: new Date("2026-04-20T00:00:00Z") },
    });
  });

  it("upgrades a lower tier until the later renewal, which goes back to the plan it had", () => {
    expect(freeMonthChange(sub("minimal_1y", "active"), "premium", now)).toEqual({
      kind: "upgraded",
      update: { recurAt: new Date("2026-04-20T00:00:00Z"), planId: "premium_1y", nextPlanId: "minimal_1y" },
    });
  });

  it("counts a missed cycle in grace as paid", () => {
    expect(freeMonthChange(sub("basic_1m", "grace"), "basic", now)).toEqual({
      kind: "extended",
      update: {
        status: "active",
        currentPeriodStart: new Date("2026-03-20T00:00:00Z"),
        graceUntil: null,
        retries: 0,
        nextRetryAt: null,
        recurAt: new Date("2026-04-20T00:00:00Z"),
      },
    });
  });
});
