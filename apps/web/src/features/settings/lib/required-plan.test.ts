import { describe, expect, it } from "vitest";
import { requiredPlanFor } from "./required-plan";

describe("requiredPlanFor", () => {
  it("names the cheapest plan with the permission", () => {
    expect(requiredPlanFor(null)).toBeNull();
    expect(requiredPlanFor("view_chat")).toBe("Free");
    expect(requiredPlanFor("3k_context")).toBe("Get a Taste");
    expect(requiredPlanFor("generation_settings")).toBe("True Supporter");
    expect(requiredPlanFor("8k_context")).toBe("I'm All In");
  });
});
