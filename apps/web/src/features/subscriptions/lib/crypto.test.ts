import type { PurchaseOptions } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { cryptoConfigured, cryptoTiers } from "./crypto";
import { platformLinks } from "./platform-links";

describe("the crypto list (spec 2 and 9)", () => {
  it("has Get a Taste annual 50 only, True Supporter 149.99 / 15, I'm All In 249.99 / 24.99", () => {
    expect(
      cryptoTiers().map((tier) => [tier.name, tier.options.map((o) => [o.frequency, o.price, o.planId])]),
    ).toEqual([
      ["Get a Taste", [["annual", "$50.00", "minimal_1y"]]],
      [
        "True Supporter",
        [
          ["annual", "$149.99", "basic_1y"],
          ["monthly", "$15.00", "basic_1m"],
        ],
      ],
      [
        "I'm All In",
        [
          ["annual", "$249.99", "premium_1y"],
          ["monthly", "$24.99", "premium_1m"],
        ],
      ],
    ]);
  });

  it("is payable only when the server offers a crypto method", () => {
    const options: PurchaseOptions = {
      default_plan_id: "basic_1m",
      payment_methods: [{ id: "card", name: "Card", options: [] }],
      card: { processor: "test", test_mode: true, card_page_url: "/card", publishable_key: null },
    };
    expect(cryptoConfigured(undefined)).toBe(false);
    expect(cryptoConfigured(options)).toBe(false);
  });
});

describe("external subscription platforms", () => {
  it("lists only https addresses the operator set, and nothing otherwise", () => {
    expect(platformLinks(undefined)).toEqual([]);
    expect(platformLinks({})).toEqual([]);
    expect(
      platformLinks({
        subscribestar_url: "https://www.subscribestar.com/example",
        patreon_url: "javascript:alert(1)",
      }),
    ).toEqual([{ name: "SubscribeStar", url: "https://www.subscribestar.com/example" }]);
    expect(platformLinks({ patreon_url: "not a url", subscribestar_url: 3 })).toEqual([]);
  });
});
