import { ROLE_PERMISSIONS } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { makeUser } from "../../test/session-fixtures";
import { decideAdminGuard, decideAppGate, decideProtected, decideRouteGuard } from "./guard-logic";

describe("decideRouteGuard", () => {
  it("waits while the session loads", () => {
    expect(decideRouteGuard("loading", [], "view_chat")).toBe("loading");
  });
  it("allows when the permission is present", () => {
    expect(decideRouteGuard("member", ROLE_PERMISSIONS.free, "view_my_chat_bots")).toBe("allow");
  });
  it("allows routes without a permission", () => {
    expect(decideRouteGuard("anonymous", ROLE_PERMISSIONS.guest, undefined)).toBe("allow");
  });
  it("anonymous visitors use the guest permission set", () => {
    expect(decideRouteGuard("anonymous", ROLE_PERMISSIONS.guest, "view_chat")).toBe("allow");
    expect(decideRouteGuard("anonymous", ROLE_PERMISSIONS.guest, "view_my_chat_bots")).toBe("denied");
  });
  it("shows the ban notice for limited_access when the permission is missing", () => {
    expect(decideRouteGuard("member", ["site_access", "limited_access"], "create_character")).toBe("limited");
  });
  it("limited users still see pages they hold the permission for", () => {
    expect(decideRouteGuard("member", ["view_chat", "limited_access"], "view_chat")).toBe("allow");
  });
  it("denies otherwise", () => {
    expect(decideRouteGuard("guest", ROLE_PERMISSIONS.guest, "report_character")).toBe("denied");
  });
});

describe("decideAdminGuard", () => {
  it("waits while the session loads", () => {
    expect(decideAdminGuard("loading", undefined, [])).toBe("loading");
  });
  it("lets admins in", () => {
    expect(decideAdminGuard("member", "admin", ROLE_PERMISSIONS.admin)).toBe("allow");
  });
  it("denies every other role, guests and anonymous visitors", () => {
    expect(decideAdminGuard("member", "premium", ROLE_PERMISSIONS.premium)).toBe("denied");
    expect(decideAdminGuard("member", "free", ROLE_PERMISSIONS.free)).toBe("denied");
    expect(decideAdminGuard("guest", "guest", ROLE_PERMISSIONS.guest)).toBe("denied");
    expect(decideAdminGuard("anonymous", undefined, ROLE_PERMISSIONS.guest)).toBe("denied");
  });
  it("shows a limited admin the ban notice", () => {
    expect(decideAdminGuard("member", "admin", ["site_access", "limited_access"])).toBe("limited");
  });
});

describe("decideProtected", () => {
  it("waits while loading", () => expect(decideProtected("loading", "/settings")).toBe("loading"));
  it("lets members in", () => expect(decideProtected("member", "/settings")).toBe("allow"));
  it("sends anonymous visitors and guests to sign in", () => {
    expect(decideProtected("anonymous", "/settings")).toBe("login");
    expect(decideProtected("guest", "/settings")).toBe("login");
  });
  it("lets an invalid session see /user-not-found", () => {
    expect(decideProtected("invalid", "/user-not-found")).toBe("allow");
  });
});

describe("decideAppGate", () => {
  const base = { user: null, permissions: [], partnerMode: false, pathname: "/" } as const;
  it("renders normally", () => {
    expect(decideAppGate({ ...base, status: "anonymous", permissions: ROLE_PERMISSIONS.guest })).toEqual({
      kind: "render",
    });
  });
  it("sends invalid sessions to /user-not-found, and renders that page", () => {
    expect(decideAppGate({ ...base, status: "invalid", pathname: "/chats" })).toEqual({
      kind: "redirect",
      to: "/user-not-found",
    });
    expect(decideAppGate({ ...base, status: "invalid", pathname: "/user-not-found" })).toEqual({
      kind: "render",
    });
  });
  it.each(["complete_restriction", "temporary_restriction"] as const)("locks %s users on every path", (r) => {
    const user = makeUser({ permissions: ["site_access", r] });
    for (const pathname of ["/", "/login", "/user-not-found", "/nope"]) {
      expect(
        decideAppGate({ ...base, status: "member", user, permissions: user.permissions, pathname }),
      ).toEqual({
        kind: "restricted",
      });
    }
  });
  it("does not lock limited_access users", () => {
    const user = makeUser({ permissions: ["site_access", "limited_access"] });
    expect(decideAppGate({ ...base, status: "member", user, permissions: user.permissions })).toEqual({
      kind: "render",
    });
  });
  it("sends partner members without a username to /external/signup", () => {
    const user = makeUser({ username: null });
    const input = {
      ...base,
      status: "member" as const,
      user,
      permissions: user.permissions,
      partnerMode: true,
    };
    expect(decideAppGate(input)).toEqual({ kind: "redirect", to: "/external/signup" });
    expect(decideAppGate({ ...input, pathname: "/external/signup" })).toEqual({ kind: "render" });
    expect(decideAppGate({ ...input, partnerMode: false })).toEqual({ kind: "render" });
    expect(decideAppGate({ ...input, user: makeUser({ username: "ada" }) })).toEqual({ kind: "render" });
  });
});
