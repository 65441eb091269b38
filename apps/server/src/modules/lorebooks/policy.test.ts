import { describe, expect, it } from "vitest";
import { can } from "./policy";

describe("lorebooks can", () => {
  it("keeps books and their chats' choices to their member", () => {
    for (const action of ["manage", "use", "configure_chat"] as const) {
      expect(can({ userId: "a" }, action, { userId: "a" })).toBe(true);
      expect(can({ userId: "b" }, action, { userId: "a" })).toBe(false);
    }
  });
});
