import { describe, expect, it } from "vitest";
import { memberAuth } from "../policy-fixtures";
import { effectiveRestriction, memberPermissions, restrictionEndOf, routeRefusal } from "./access-policy";
import { MEMBER } from "./route-access";

const NOW = new Date("2026-03-01T12:00:00Z");
const LATER = new Date("2026-03-02T12:00:00Z");
const EARLIER = new Date("2026-02-28T12:00:00Z");

describe("effectiveRestriction", () => {
  it("keeps a temporary restriction until its end, and drops it from then on", () => {
    const temporary = { restriction: "temporary_restriction" as const, restrictionEndsAt: LATER };
    expect(effectiveRestriction(temporary, NOW)).toBe("temporary_restriction");
    expect(restrictionEndOf(temporary, NOW)).toEqual(LATER);
    expect(effectiveRestriction(temporary, LATER)).toBeNull();
    expect(effectiveRestriction({ ...temporary, restrictionEndsAt: EARLIER }, NOW)).toBeNull();
    expect(restrictionEndOf({ ...temporary, restrictionEndsAt: EARLIER }, NOW)).toBeNull();
  });

  it("keeps the other restrictions, and a temporary one without an end, until they are lifted", () => {
    for (const restriction of ["limited_access", "complete_restriction"] as const) {
      expect(effectiveRestriction({ restriction, restrictionEndsAt: EARLIER }, NOW)).toBe(restriction);
      expect(restrictionEndOf({ restriction, restrictionEndsAt: EARLIER }, NOW)).toBeNull();
    }
    expect(effectiveRestriction({ restriction: "temporary_restriction", restrictionEndsAt: null }, NOW)).toBe(
      "temporary_restriction",
    );
    expect(effectiveRestriction({ restriction: null, restrictionEndsAt: null }, NOW)).toBeNull();
  });

  it("is what permissions and route access read", () => {
    const ended = { restriction: "temporary_restriction" as const, restrictionEndsAt: EARLIER };
    expect(memberPermissions({ role: "free", ...ended })).not.toContain("temporary_restriction");
    expect(routeRefusal(memberAuth("free", ended), MEMBER, "GET")).toBeNull();
    const running = {
      restriction: "temporary_restriction" as const,
      restrictionEndsAt: new Date(Date.now() + 60_000),
    };
    expect(memberPermissions({ role: "free", ...running })).toContain("temporary_restriction");
    expect(routeRefusal(memberAuth("free", running), MEMBER, "GET")).toBe("restricted");
  });
});
