import { describe, expect, it } from "vitest";
import { can } from "./policy";

const member = (
  role: "free" | "minimal" | "basic" | "premium" | "admin",
  restriction = null as null | "limited_access",
) => ({
  role,
  restriction,
  restrictionEndsAt: null,
});

describe("voice policy", () => {
  it("lets premium members and admins listen, no one else", () => {
    expect(can(member("premium"), "listen")).toBe(true);
    expect(can(member("admin"), "listen")).toBe(true);
    for (const role of ["free", "minimal", "basic"] as const) expect(can(member(role), "listen")).toBe(false);
    expect(can(null, "listen")).toBe(false);
  });

  it("takes voice away from a limited account (it loses text-to-speech)", () => {
    expect(can(member("premium", "limited_access"), "listen")).toBe(false);
  });

  it("lets every session transcribe", () => {
    expect(can(null, "transcribe")).toBe(true);
    expect(can(member("free"), "transcribe")).toBe(true);
  });
});
