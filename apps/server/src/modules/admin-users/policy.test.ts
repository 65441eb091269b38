import { describe, expect, it } from "vitest";
import { can, decideRestrict } from "./policy";

const admin = { id: "admin", role: "admin" as const };
const otherAdmin = { id: "other-admin", role: "admin" as const };
const member = { id: "member", role: "free" as const };

describe("admin users policy", () => {
  it("lets admins restrict members, never themselves nor another admin", () => {
    expect(decideRestrict(admin, member, "limited_access")).toBe("allowed");
    expect(decideRestrict(admin, admin, "complete_restriction")).toBe("self");
    expect(decideRestrict(admin, otherAdmin, "temporary_restriction")).toBe("admin");
    expect(can(admin, "restrict", { target: member, restriction: "complete_restriction" })).toBe(true);
    expect(can(admin, "restrict", { target: otherAdmin, restriction: "limited_access" })).toBe(false);
  });

  it("always lets a restriction be lifted, and only admins manage users", () => {
    expect(decideRestrict(admin, otherAdmin, null)).toBe("allowed");
    expect(can(admin, "manage_users", null)).toBe(true);
    expect(can(member, "manage_users", null)).toBe(false);
    expect(can(member, "restrict", { target: member, restriction: null })).toBe(false);
  });
});
