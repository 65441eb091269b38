import { describe, expect, it } from "vitest";
import { can } from "./policy";

const owner = { userId: "owner" };
const other = { userId: "other" };

describe("conversations can", () => {
  it("lets only the owner manage a conversation, its messages and memories", () => {
    expect(can(owner, "manage", { userId: "owner" })).toBe(true);
    expect(can(other, "manage", { userId: "owner" })).toBe(false);
  });

  it("attaches only the member's own personas", () => {
    expect(can(owner, "attach_persona", { userId: "owner" })).toBe(true);
    expect(can(other, "attach_persona", { userId: "owner" })).toBe(false);
  });
});
