import { ROLE_PERMISSIONS } from "@hearth/contracts";
import { describe, expect, it, vi } from "vitest";
import { makeUser } from "../../../test/session-fixtures";
import { dedupe } from "./refresh-once";
import { initialSessionState, permissionsOf, sessionReducer } from "./session-reducer";

describe("sessionReducer", () => {
  it("starts loading with no permissions", () => {
    expect(initialSessionState.status).toBe("loading");
    expect(permissionsOf(initialSessionState)).toEqual([]);
  });

  it("a member signs in", () => {
    const user = makeUser({ role: "basic", permissions: [...ROLE_PERMISSIONS.basic] });
    const state = sessionReducer(initialSessionState, { type: "authenticated", user });
    expect(state).toEqual({ status: "member", user });
    expect(permissionsOf(state)).toEqual(ROLE_PERMISSIONS.basic);
  });

  it("a guest session is 'guest'", () => {
    const user = makeUser({
      is_guest: true,
      role: "guest",
      email: null,
      permissions: [...ROLE_PERMISSIONS.guest],
    });
    expect(sessionReducer(initialSessionState, { type: "authenticated", user }).status).toBe("guest");
  });

  it("anonymous visitors get the guest permission set", () => {
    const state = sessionReducer(initialSessionState, { type: "signed_out" });
    expect(state).toEqual({ status: "anonymous", user: null });
    expect(permissionsOf(state)).toEqual(ROLE_PERMISSIONS.guest);
  });

  it("invalid accounts hold no permissions", () => {
    const member = sessionReducer(initialSessionState, { type: "authenticated", user: makeUser() });
    const state = sessionReducer(member, { type: "invalid" });
    expect(state).toEqual({ status: "invalid", user: null });
    expect(permissionsOf(state)).toEqual([]);
  });

  it("user_updated refreshes a live session but never revives an ended one", () => {
    const member = sessionReducer(initialSessionState, { type: "authenticated", user: makeUser() });
    const renamed = makeUser({ name: "Grace" });
    expect(sessionReducer(member, { type: "user_updated", user: renamed }).user?.name).toBe("Grace");
    const out = sessionReducer(member, { type: "signed_out" });
    expect(sessionReducer(out, { type: "user_updated", user: renamed })).toBe(out);
  });

  it("restriction permissions come through unchanged", () => {
    const user = makeUser({ permissions: ["site_access", "complete_restriction"] });
    const state = sessionReducer(initialSessionState, { type: "authenticated", user });
    expect(permissionsOf(state)).toContain("complete_restriction");
  });
});

describe("dedupe (refresh)", () => {
  it("shares one in-flight call between concurrent callers and allows a new one afterwards", async () => {
    let resolve: (v: string) => void = () => undefined;
    const fn = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const once = dedupe(fn);
    const a = once();
    const b = once();
    expect(fn).toHaveBeenCalledTimes(1);
    resolve("token");
    await expect(a).resolves.toBe("token");
    await expect(b).resolves.toBe("token");
    void once();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
