import { ROLE_PERMISSIONS } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { available, makeSubscription, makeYearlySubscription } from "../test/fixtures";
import {
  CANCELLED_CHANGE_REASON,
  chargesNow,
  checkoutHref,
  choiceFor,
  comparisonRows,
  frequenciesFor,
  initialFrequency,
  liveSubscription,
  parseFrequency,
  planCards,
  priceParts,
  tierPrice,
} from "./plans";

describe("plan cards", () => {
  it("lists the three tiers with the contracts' prices, features and the Get a Taste line", () => {
    const monthly = planCards("monthly");
    expect(monthly.map((p) => [p.name, p.planId, p.price])).toEqual([
      ["Get a Taste", "minimal_1m", 499],
      ["True Supporter", "basic_1m", 1499],
      ["I'm All In", "premium_1m", 2499],
    ]);
    expect(monthly[0]?.highlight).toBe("Skip The Line for $0.17 per day");
    expect(monthly[1]?.highlight).toBeNull();
    expect(monthly.every((p) => p.tagline === null)).toBe(true);
    expect(monthly[1]?.features).toContain("Generation settings");
    expect(monthly[0]?.features).not.toContain("Generation settings");
  });

  it("labels the annual plans '2 months free / 16% Off'", () => {
    const annual = planCards("annual");
    expect(annual.map((p) => [p.planId, p.price])).toEqual([
      ["minimal_1y", 4999],
      ["basic_1y", 14999],
      ["premium_1y", 24999],
    ]);
    expect(annual.every((p) => p.tagline === "2 months free / 16% Off")).toBe(true);
  });

  it("shows prices with 2 decimals per period", () => {
    expect(priceParts(1499, "month")).toEqual({ amount: "$14.99", per: "/month" });
    expect(priceParts(5000, "year")).toEqual({ amount: "$50.00", per: "/year" });
  });
});

describe("frequency", () => {
  it("reads the compare page's parameter, monthly by default", () => {
    expect(parseFrequency("annual")).toBe("annual");
    expect(parseFrequency("monthly")).toBe("monthly");
    expect(parseFrequency(undefined)).toBe("monthly");
    expect(parseFrequency("weekly")).toBe("monthly");
  });

  it("gives a yearly subscriber annual plans only", () => {
    expect(frequenciesFor(null)).toEqual(["monthly", "annual"]);
    expect(frequenciesFor(makeSubscription())).toEqual(["monthly", "annual"]);
    expect(frequenciesFor(makeYearlySubscription())).toEqual(["annual"]);
    expect(initialFrequency(makeYearlySubscription())).toBe("annual");
    expect(initialFrequency(makeSubscription())).toBe("monthly");
  });
});

describe("choosing a plan", () => {
  it("sends a member without a live subscription to checkout with the plan", () => {
    expect(choiceFor("basic_1m", null)).toEqual({ kind: "checkout", href: "/checkout?plan_id=basic_1m" });
    expect(checkoutHref(null)).toBe("/checkout");
  });

  it("treats an expired subscription as none", () => {
    const expired = makeSubscription({ subscription_status: "expired" });
    expect(liveSubscription([expired])).toBeNull();
    expect(liveSubscription([])).toBeNull();
    expect(liveSubscription(undefined)).toBeNull();
    const active = makeSubscription();
    expect(liveSubscription([active, expired])).toBe(active);
  });

  it("never lets the current plan be chosen", () => {
    expect(choiceFor("basic_1m", makeSubscription())).toEqual({ kind: "current" });
  });

  it("opens the change dialog for a plan the server offers", () => {
    const choice = choiceFor("premium_1m", makeSubscription());
    expect(choice).toEqual({ kind: "change", plan: available("premium_1m", 1210) });
  });

  it("disables plan changes while cancelled or in grace, and for other platforms", () => {
    expect(choiceFor("premium_1m", makeSubscription({ subscription_status: "cancelled" }))).toEqual({
      kind: "unavailable",
      reason: CANCELLED_CHANGE_REASON,
    });
    expect(choiceFor("premium_1m", makeSubscription({ subscription_status: "grace" })).kind).toBe(
      "unavailable",
    );
    expect(choiceFor("premium_1m", makeSubscription({ can_manage: false })).kind).toBe("unavailable");
    expect(choiceFor("premium_1m", makeSubscription({ available_plans: [] })).kind).toBe("unavailable");
  });

  it("charges now only for DISPLAY_PRICE with an upgrade price above 0", () => {
    expect(chargesNow(available("premium_1m", 1210))).toBe(true);
    expect(chargesNow(available("minimal_1m", 0))).toBe(false);
    expect(chargesNow(available("premium_1m", 0, "DISPLAY_PRICE"))).toBe(false);
    expect(chargesNow(available("premium_1y", 5000, "NEXT_CYCLE"))).toBe(false);
  });
});

describe("comparison table", () => {
  it("follows the permission table for every tier", () => {
    const rows = comparisonRows();
    const row = (label: string) => rows.find((r) => r.label === label)?.cells;
    expect(row("Generation settings")).toEqual({ free: false, minimal: false, basic: true, premium: true });
    expect(row("Voice replies")).toEqual({ free: false, minimal: false, basic: false, premium: true });
    expect(row("Skip the waiting room")?.free).toBe(ROLE_PERMISSIONS.free.includes("skip_waiting_room"));
    expect(row("No ads")).toEqual({ free: false, minimal: true, basic: true, premium: true });
    expect(row("Chat memory (context)")).toEqual({
      free: "2K tokens",
      minimal: "3K tokens",
      basic: "4K tokens",
      premium: "8K to 16K tokens",
    });
  });

  it("prices each tier for the frequency", () => {
    expect(tierPrice("free", "monthly")).toEqual({ amount: "$0", per: "" });
    expect(tierPrice("premium", "annual")).toEqual({ amount: "$249.99", per: "/year" });
  });
});
