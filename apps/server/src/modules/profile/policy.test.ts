import { describe, expect, it } from "vitest";
import { can } from "./policy";

describe("profile can", () => {
  it("lets the adult-content settings change only on the adult brand, off partner hosts", () => {
    expect(can({ brand: "adult", partnerHost: false }, "change_adult_settings", null)).toBe(true);
    expect(can({ brand: "adult", partnerHost: true }, "change_adult_settings", null)).toBe(false);
    expect(can({ brand: "sfw", partnerHost: false }, "change_adult_settings", null)).toBe(false);
    expect(can({ brand: "sfw", partnerHost: true }, "change_adult_settings", null)).toBe(false);
  });
});
