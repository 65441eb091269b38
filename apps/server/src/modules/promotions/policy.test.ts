import { describe, expect, it } from "vitest";
import { can } from "./policy";

describe("promotions policy", () => {
  it("shows the Easter code to subscribers only", () => {
    for (const role of ["minimal", "basic", "premium"] as const) {
      expect(can({ role }, "see_easter_code", null)).toBe(true);
    }
    for (const role of ["free", "guest", "admin", null] as const) {
      expect(can({ role }, "see_easter_code", null)).toBe(false);
    }
  });
});
