import { describe, expect, it } from "vitest";
import { can as memoryCan } from "../memories/policy";
import { can as messageCan } from "../messages/policy";
import { can } from "./policy";

const owner = { userId: "owner" };
const other = { userId: "other" };

describe("conversations can", () => {
  it("lets only the owner manage a conversation, its messages and memories", () => {
    expect(can(owner, "manage", { userId: "owner" })).toBe(true);
    expect(can(other, "manage", { userId: "owner" })).toBe(false);
    expect(messageCan(owner, "manage", { userId: "owner" })).toBe(true);
    expect(messageCan(other, "manage", { userId: "owner" })).toBe(false);
    expect(memoryCan(owner, "manage", { userId: "owner" })).toBe(true);
    expect(memoryCan(other, "manage", { userId: "owner" })).toBe(false);
  });

  it("attaches only the member's own personas", () => {
    expect(can(owner, "attach_persona", { userId: "owner" })).toBe(true);
    expect(can(other, "attach_persona", { userId: "owner" })).toBe(false);
  });
});
