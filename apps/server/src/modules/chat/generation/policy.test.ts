import { FREE_DAILY_MESSAGE_LIMIT, GUEST_MESSAGE_LIMIT, permissionsFor } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { ANONYMOUS } from "../../../kernel/auth-context";
import { GUEST_AUTH, memberAuth } from "../../../policy-fixtures";
import { allowanceOf, can } from "./policy";

describe("generation allowanceOf", () => {
  it("meters guests per session, Free per day, and nobody else", () => {
    expect(allowanceOf(GUEST_AUTH)).toEqual({ per: "guest_session", limit: GUEST_MESSAGE_LIMIT });
    expect(allowanceOf(memberAuth("free"))).toEqual({ per: "day", limit: FREE_DAILY_MESSAGE_LIMIT });
    expect(allowanceOf(memberAuth("free", { restriction: "limited_access" }))).toEqual({
      per: "day",
      limit: FREE_DAILY_MESSAGE_LIMIT,
    });
    for (const role of ["minimal", "basic", "premium", "admin"] as const) {
      expect(allowanceOf(memberAuth(role))).toEqual({ per: "none" });
    }
    expect(allowanceOf(ANONYMOUS)).toEqual({ per: "none" });
  });
});

describe("generation can", () => {
  it("lets the sliders and automatic memories follow their permissions", () => {
    expect(can(memberAuth("minimal"), "adjust_settings", null)).toBe(false);
    expect(can(memberAuth("basic"), "adjust_settings", null)).toBe(true);
    expect(can(GUEST_AUTH, "adjust_settings", null)).toBe(false);
    expect(can({ permissions: permissionsFor("basic", null) }, "write_auto_memories", null)).toBe(true);
    expect(can({ permissions: permissionsFor("minimal", null) }, "write_auto_memories", null)).toBe(false);
  });

  it("gates a model on its permission", () => {
    expect(can(memberAuth("free"), "use_model", { permission: null })).toBe(true);
    expect(can(memberAuth("free"), "use_model", { permission: "8k_context" })).toBe(false);
    expect(can(memberAuth("premium"), "use_model", { permission: "8k_context" })).toBe(true);
  });

  it("refuses a chat with a character whose creator the member blocked", () => {
    expect(can(memberAuth("free"), "chat_with", { creatorBlocked: false })).toBe(true);
    expect(can(memberAuth("premium"), "chat_with", { creatorBlocked: true })).toBe(false);
    expect(can(GUEST_AUTH, "chat_with", { creatorBlocked: false })).toBe(true);
  });
});

describe("reply streams", () => {
  it("may be resumed or stopped only by the session that generates them", () => {
    const member = memberAuth("free");
    const owner = member.kind === "member" ? `member:${member.user.id}` : "";
    expect(can(member, "use_reply_stream", { owner })).toBe(true);
    expect(can(memberAuth("free", { id: "another-member" }), "use_reply_stream", { owner })).toBe(false);
    expect(can(GUEST_AUTH, "use_reply_stream", { owner })).toBe(false);
    expect(can({ permissions: [] }, "use_reply_stream", { owner })).toBe(false);
  });
});
