import { PERSONA_CAPS } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { can, personaCapOf } from "./policy";

describe("personas can", () => {
  it("keeps personas private to their member", () => {
    expect(can({ userId: "a" }, "manage", { userId: "a" })).toBe(true);
    expect(can({ userId: "b" }, "manage", { userId: "a" })).toBe(false);
    expect(can({ userId: "a" }, "use", { userId: "a" })).toBe(true);
    expect(can({ userId: "b" }, "use", { userId: "a" })).toBe(false);
  });

  it("takes the cap from the plan", () => {
    expect(personaCapOf({ role: "free" })).toBe(PERSONA_CAPS.free);
    expect(personaCapOf({ role: "premium" })).toBe(PERSONA_CAPS.premium);
  });
});
