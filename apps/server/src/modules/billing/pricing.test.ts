import { describe, expect, it } from "vitest";
import { addPeriod, changeTiming, couponDiscount, proratedUpgrade, quote, taxOf } from "./pricing";
import { luhnValid, parseExpiry } from "./test-processor";

describe("billing arithmetic in cents", () => {
  it("takes coupons off without going below zero", () => {
    expect(couponDiscount({ percentOff: 20, amountOffCents: null }, 1499)).toBe(300);
    expect(couponDiscount({ percentOff: null, amountOffCents: 500 }, 499)).toBe(499);
    expect(taxOf(1199, 1900)).toBe(228);
  });

  it("quotes a plan with an offer, a coupon and tax", () => {
    const priced = quote({
      planId: "basic_1m",
      offerPriceCents: null,
      promoCode: "X",
      coupon: { code: "X", percentOff: 10, amountOffCents: null, duration: "repeating", durationCycles: 2 },
      rateBps: 2000,
    });
    expect(priced).toMatchObject({
      subtotal: 1499,
      discount: 150,
      taxCents: 270,
      total: 1619,
      renewalTotal: 1619,
    });
    const invalid = quote({
      planId: "minimal_1y",
      offerPriceCents: 99,
      promoCode: "NO",
      coupon: null,
      rateBps: 0,
    });
    expect(invalid.discounts).toEqual([{ code: "NO", valid: false, total: 0, error: "Invalid coupon" }]);
    expect(invalid).toMatchObject({ subtotal: 99, total: 99, renewalTotal: 4999 });
  });

  it("adds calendar months and years, clamping to the month's end", () => {
    expect(addPeriod(new Date("2026-01-31T10:00:00Z"), "basic_1m").toISOString()).toBe(
      "2026-02-28T10:00:00.000Z",
    );
    expect(addPeriod(new Date("2026-12-15T00:00:00Z"), "basic_1m").toISOString()).toBe(
      "2027-01-15T00:00:00.000Z",
    );
    expect(addPeriod(new Date("2028-02-29T00:00:00Z"), "basic_1y").toISOString()).toBe(
      "2029-02-28T00:00:00.000Z",
    );
  });

  it("upgrades now, everything else at the next cycle", () => {
    expect(changeTiming("minimal_1m", "premium_1m")).toBe("DISPLAY_PRICE");
    expect(changeTiming("basic_1y", "premium_1y")).toBe("DISPLAY_PRICE");
    expect(changeTiming("premium_1m", "basic_1m")).toBe("NEXT_CYCLE");
    expect(changeTiming("basic_1m", "basic_1y")).toBe("NEXT_CYCLE");
    expect(changeTiming("basic_1m", "premium_1y")).toBe("NEXT_CYCLE");
  });

  it("prorates by the share of the period left", () => {
    const periodStart = new Date("2026-03-01T00:00:00Z");
    const periodEnd = new Date("2026-03-31T00:00:00Z");
    const at = (iso: string) =>
      proratedUpgrade({
        fromPriceCents: 1499,
        toPriceCents: 2499,
        periodStart,
        periodEnd,
        now: new Date(iso),
      });
    expect(at("2026-03-01T00:00:00Z")).toBe(1000);
    expect(at("2026-03-16T00:00:00Z")).toBe(500);
    expect(at("2026-03-31T00:00:00Z")).toBe(0);
    expect(at("2026-04-05T00:00:00Z")).toBe(0);
  });
});

describe("the test processor's card checks", () => {
  it("checks Luhn and expiry", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    const now = new Date("2026-11-23T00:00:00Z");
    expect(parseExpiry("11/26", now)).toBe("11/26");
    expect(parseExpiry("10/26", now)).toBeNull();
    expect(parseExpiry("1/2030", now)).toBe("01/30");
    expect(parseExpiry("13/30", now)).toBeNull();
  });
});
