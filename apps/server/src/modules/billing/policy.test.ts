import type { SubscriptionStatus } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { can } from "./policy";

const owner = { userId: "u1" };
const sub = (status: SubscriptionStatus, platform = "web") => ({ userId: "u1", status, platform });

describe("billing policy", () => {
  it("lets only the owner see and act", () => {
    expect(can(owner, "view", sub("active"))).toBe(true);
    expect(can({ userId: "u2" }, "view", sub("active"))).toBe(false);
    expect(can({ userId: "u2" }, "cancel", sub("active"))).toBe(false);
  });

  it("offers each action in the spec's states only", () => {
    const allowed = (status: SubscriptionStatus) =>
      (["cancel", "uncancel", "change_plan", "change_card", "charge_rebill"] as const).filter((action) =>
        can(owner, action, sub(status)),
      );
    expect(allowed("active")).toEqual(["cancel", "change_plan", "change_card"]);
    expect(allowed("cancelled")).toEqual(["uncancel", "change_card"]);
    expect(allowed("grace")).toEqual(["change_card", "charge_rebill"]);
    expect(allowed("expired")).toEqual([]);
  });

  it("leaves subscriptions bought on another platform to it", () => {
    expect(can(owner, "view", sub("active", "ios"))).toBe(true);
    expect(can(owner, "cancel", sub("active", "ios"))).toBe(false);
  });
});
