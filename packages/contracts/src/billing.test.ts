import { describe, expect, it } from "vitest";
import {
  ANNUAL_TAGLINE,
  BILLING_TEXTS,
  CRYPTO_PLANS,
  checkoutPersonalInfoSchema,
  formatMoney,
  isValidPostalCode,
  isYearlyPlanId,
  newOrderBodySchema,
  PLAN_IDS,
  PLANS,
  planFeatures,
  postalCodeLabel,
  SKIP_THE_LINE_TEXT,
  stateLabel,
  stickyActionBodySchema,
} from "./billing";

const details = {
  email: "ann@example.com",
  first_name: "Ann",
  last_name: "Lee",
  country: "US",
  state: "CA",
  postal_code: "94103",
};

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("plans and prices", () => {
  it("has the spec's card prices in cents, yearly plans containing 1y", () => {
    expect(PLANS.minimal_1m.price).toBe(499);
    expect(PLANS.minimal_1y.price).toBe(4999);
    expect(PLANS.basic_1m.price).toBe(1499);
    expect(PLANS.basic_1y.price).toBe(14999);
    expect(PLANS.premium_1m.price).toBe(2499);
    expect(PLANS.premium_1y.price).toBe(24999);
    for (const id of PLAN_IDS) expect(PLANS[id].billing_frequency === "annual").toBe(isYearlyPlanId(id));
    expect(PLANS.basic_1m.name).toBe("True Supporter");
  });

  it("formats money with 2 decimals and shows the per-day line and annual label", () => {
    expect(formatMoney(499)).toBe("$4.99");
    expect(formatMoney(5000)).toBe("$50.00");
    expect(formatMoney(7)).toBe("$0.07");
    expect(formatMoney(-1500)).toBe("-$15.00");
    expect(SKIP_THE_LINE_TEXT).toBe("Skip The Line for $0.17 per day");
    expect(ANNUAL_TAGLINE).toBe("2 months free / 16% Off");
    expect(CRYPTO_PLANS.map((p) => [p.annual, p.monthly])).toEqual([
      [5000, null],
      [14999, 1500],
      [24999, 2499],
    ]);
  });

  it("derives features from the permission table", () => {
    expect(planFeatures("basic")).toContain("Generation settings");
    expect(planFeatures("minimal")).not.toContain("Generation settings");
    expect(planFeatures("premium")).toContain("Voice replies");
  });
});

describe("checkout field rules (spec 5)", () => {
  it("labels zip and state by country", () => {
    expect(postalCodeLabel("US")).toBe("Zip");
    expect(postalCodeLabel("ph")).toBe("Zip");
    expect(postalCodeLabel("FR")).toBe("Postal Code");
    expect(stateLabel("DE")).toBe("State");
    expect(stateLabel("CA")).toBe("Province");
  });

  it("validates postal codes for the country, upper-casing them", () => {
    expect(isValidPostalCode("94103", "US")).toBe(true);
    expect(isValidPostalCode("ABCDE", "US")).toBe(false);
    expect(isValidPostalCode("sw1a 1aa", "GB")).toBe(true);
    expect(isValidPostalCode("", "GB")).toBe(false);
    const parsed = checkoutPersonalInfoSchema.parse({ ...details, country: "gb", postal_code: "sw1a 1aa" });
    expect(parsed.postal_code).toBe("SW1A 1AA");
    expect(parsed.country).toBe("GB");
  });

  it("answers the spec's messages", () => {
    const bad = checkoutPersonalInfoSchema.safeParse({
      ...details,
      email: "nope",
      first_name: " ",
      last_name: "x".repeat(31),
      postal_code: "ABC",
    });
    expect(messages(bad)).toMatchObject({
      email: BILLING_TEXTS.invalidEmail,
      first_name: BILLING_TEXTS.firstNameRequired,
      last_name: BILLING_TEXTS.nameTooLong,
      postal_code: "Invalid Zip",
    });
    const canada = checkoutPersonalInfoSchema.safeParse({ ...details, country: "CA", postal_code: "123" });
    expect(messages(canada).postal_code).toBe("Invalid Postal Code");
    const longEmail = checkoutPersonalInfoSchema.safeParse({ ...details, email: `${"a".repeat(320)}@x.com` });
    expect(messages(longEmail).email).toBe(BILLING_TEXTS.invalidEmail);
  });

  it("takes a new order with a session id and an optional card token", () => {
    const order = newOrderBodySchema.parse({
      ...details,
      plan_id: "basic_1m",
      session_id: "s1",
      promo_code: "save10",
    });
    expect(order.payment_token).toBeUndefined();
    expect(order.promo_code).toBe("SAVE10");
    expect(order.offer_id).toBeNull();
    expect(newOrderBodySchema.safeParse({ ...details, plan_id: "gold", session_id: "s" }).success).toBe(
      false,
    );
  });

  it("takes the portal's actions", () => {
    const ids = { order_id: "o", subscription_id: "s" };
    expect(
      stickyActionBodySchema.parse({ action: "change_plan", plan_id: "premium_1m", ...ids }).action,
    ).toBe("change_plan");
    expect(stickyActionBodySchema.safeParse({ action: "change_plan", ...ids }).success).toBe(false);
    expect(stickyActionBodySchema.safeParse({ action: "refund", ...ids }).success).toBe(false);
  });
});
