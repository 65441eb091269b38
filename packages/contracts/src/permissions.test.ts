import { describe, expect, it } from "vitest";
import {
  PERMISSIONS,
  permissionsFor,
  RESTRICTIONS,
  ROLE_PERMISSIONS,
  statusFromPermissions,
} from "./permissions";
import { ROLES } from "./roles";

describe("role permission table", () => {
  it("gives every role site access and only known permissions, without restrictions", () => {
    for (const role of ROLES) {
      const permissions = ROLE_PERMISSIONS[role];
      expect(permissions).toContain("site_access");
      for (const p of permissions) expect(PERMISSIONS).toContain(p);
      for (const r of RESTRICTIONS) expect(permissions).not.toContain(r);
      expect(new Set(permissions).size).toBe(permissions.length);
    }
  });

  it("shows ads to guests and free members only", () => {
    const withAds = ROLES.filter((r) => ROLE_PERMISSIONS[r].includes("display_ads"));
    expect(withAds).toEqual(["guest", "free"]);
  });

  it("unlocks generation settings from True Supporter up and voice for I'm All In", () => {
    expect(ROLE_PERMISSIONS.minimal).not.toContain("generation_settings");
    expect(ROLE_PERMISSIONS.basic).toContain("generation_settings");
    expect(ROLE_PERMISSIONS.premium).toContain("generation_settings");
    expect(ROLE_PERMISSIONS.basic).not.toContain("text-to-speech");
    expect(ROLE_PERMISSIONS.premium).toContain("text-to-speech");
  });

  it("lets every paid tier skip the waiting room and grows context with the tier", () => {
    for (const role of ["minimal", "basic", "premium"] as const) {
      expect(ROLE_PERMISSIONS[role]).toContain("skip_waiting_room");
    }
    expect(ROLE_PERMISSIONS.minimal).toContain("3k_context");
    expect(ROLE_PERMISSIONS.basic).toContain("4k_context");
    expect(ROLE_PERMISSIONS.premium).toContain("8k_context");
    expect(ROLE_PERMISSIONS.free.some((p) => p.endsWith("_context"))).toBe(false);
  });

  it("keeps guests away from creating and managing characters", () => {
    expect(ROLE_PERMISSIONS.guest).toContain("view_chat");
    expect(ROLE_PERMISSIONS.guest).not.toContain("create_character");
    expect(ROLE_PERMISSIONS.guest).not.toContain("view_my_chat_bots");
  });
});

describe("restrictions", () => {
  it("limited access strips gated permissions and derives the limited status", () => {
    const permissions = permissionsFor("premium", "limited_access");
    expect(permissions).toEqual(["site_access", "limited_access"]);
    expect(statusFromPermissions(permissions)).toBe("limited");
  });

  it("complete and temporary restrictions derive the restricted status", () => {
    expect(statusFromPermissions(permissionsFor("free", "complete_restriction"))).toBe("restricted");
    expect(statusFromPermissions(permissionsFor("basic", "temporary_restriction"))).toBe("restricted");
  });

  it("an unrestricted account is active with its role's permissions", () => {
    expect(permissionsFor("basic", null)).toEqual([...ROLE_PERMISSIONS.basic]);
    expect(statusFromPermissions(permissionsFor("basic", null))).toBe("active");
  });
});
