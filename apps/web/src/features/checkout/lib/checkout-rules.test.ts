import type { CheckoutCalculation, NewOrderResponse } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import {
  canPay,
  couponError,
  detailsErrors,
  type PayConditions,
  payBlockers,
  resolvePlanId,
  stateAfterCountryChange,
  stateRequired,
  successPath,
} from "./checkout-rules";

const CA = { name: "California", state_code: "CA" };
const NY = { name: "New York", state_code: "NY" };

/** Every rule of spec 5 holds: the pay button is enabled. */
function ready(overrides: Partial<PayConditions> = {}): PayConditions {
  return {
    termsAccepted: true,
    errorShown: false,
    paymentMethod: "card",
    cardValid: true,
    usingSavedCard: false,
    savedCardOrderId: null,
    processing: false,
    details: {
      email: "ada@example.com",
      first_name: "Ada",
      last_name: "Lovelace",
      country: "US",
      state: "CA",
      postal_code: "94107",
    },
    states: [CA, NY],
    calculated: true,
    ...overrides,
  };
}

const withDetails = (details: Partial<PayConditions["details"]>) =>
  ready({ details: { ...ready().details, ...details } });

describe("the pay button (spec 5)", () => {
  it("is enabled when every rule holds", () => {
    expect(payBlockers(ready())).toEqual([]);
    expect(canPay(ready())).toBe(true);
  });

  it("needs the terms ticked", () => {
    expect(payBlockers(ready({ termsAccepted: false }))).toEqual(["terms"]);
  });

  it("is disabled while an error is shown", () => {
    expect(payBlockers(ready({ errorShown: true }))).toEqual(["error"]);
  });

  it("needs a valid card, or the card on file with its order id", () => {
    expect(payBlockers(ready({ cardValid: false }))).toEqual(["card"]);
    expect(canPay(ready({ cardValid: false, usingSavedCard: true, savedCardOrderId: "ord_1" }))).toBe(true);
    expect(payBlockers(ready({ cardValid: false, usingSavedCard: true, savedCardOrderId: null }))).toEqual([
      "card",
    ]);
    // A valid new card does not count while the saved card is chosen without an order id.
    expect(payBlockers(ready({ usingSavedCard: true, savedCardOrderId: null }))).toEqual(["card"]);
  });

  it("asks nothing of the card for another payment method", () => {
    expect(canPay(ready({ paymentMethod: "volt", cardValid: false }))).toBe(true);
  });

  it("is disabled while processing", () => {
    expect(payBlockers(ready({ processing: true }))).toEqual(["processing"]);
  });

  it("needs a postal code that is non-empty and valid for the country", () => {
    expect(payBlockers(withDetails({ postal_code: "" }))).toEqual(["postal_code"]);
    expect(payBlockers(withDetails({ postal_code: "   " }))).toEqual(["postal_code"]);
    expect(payBlockers(withDetails({ postal_code: "ABC" }))).toEqual(["postal_code"]);
    expect(canPay(withDetails({ country: "GB", state: "", postal_code: "SW1A 1AA" }))).toBe(false);
    expect(
      canPay(
        ready({
          details: { ...ready().details, country: "GB", state: "", postal_code: "SW1A 1AA" },
          states: [],
        }),
      ),
    ).toBe(true);
  });

  it("needs a valid email", () => {
    expect(payBlockers(withDetails({ email: "" }))).toEqual(["email"]);
    expect(payBlockers(withDetails({ email: "not-an-email" }))).toEqual(["email"]);
    expect(payBlockers(withDetails({ email: `${"a".repeat(320)}@example.com` }))).toEqual(["email"]);
  });

  it("needs a country", () => {
    expect(
      payBlockers(ready({ details: { ...ready().details, country: "", state: "" }, states: undefined })),
    ).toEqual(["country"]);
  });

  it("needs a state unless the country has none (state optional)", () => {
    expect(payBlockers(withDetails({ state: "" }))).toEqual(["state"]);
    expect(payBlockers(ready({ states: undefined }))).toEqual(["state"]);
    const noStates = ready({
      details: { ...ready().details, country: "AW", state: "", postal_code: "1234" },
      states: [],
    });
    expect(canPay(noStates)).toBe(true);
  });

  it("needs first and last names that are not blank", () => {
    expect(payBlockers(withDetails({ first_name: "  " }))).toEqual(["name"]);
    expect(payBlockers(withDetails({ last_name: "" }))).toEqual(["name"]);
  });

  it("waits for the order summary", () => {
    expect(payBlockers(ready({ calculated: false }))).toEqual(["summary"]);
  });

  it("lists every blocker, the form's order first", () => {
    expect(
      payBlockers({
        ...ready(),
        termsAccepted: false,
        cardValid: false,
        details: { email: "", first_name: "", last_name: "", country: "", state: "", postal_code: "" },
        states: undefined,
      }),
    ).toEqual(["name", "email", "country", "postal_code", "card", "terms"]);
  });
});

describe("the personal details' messages (spec 5)", () => {
  it("answers the spec's texts", () => {
    const errors = detailsErrors({
      email: "nope",
      first_name: "",
      last_name: "x".repeat(31),
      country: "US",
      state: "",
      postal_code: "1",
    });
    expect(errors.email).toBe("Invalid email address");
    expect(errors.first_name).toBe("Enter your first name");
    expect(errors.last_name).toBe("At most 30 characters");
    expect(errors.postal_code).toBe("Invalid Zip");
  });

  it("labels the postal code by country: Zip for US, PH, IR, Postal Code elsewhere", () => {
    const base = { email: "a@b.co", first_name: "A", last_name: "B", state: "", postal_code: "!" };
    expect(detailsErrors({ ...base, country: "PH" }).postal_code).toBe("Invalid Zip");
    expect(detailsErrors({ ...base, country: "IR" }).postal_code).toBe("Invalid Zip");
    expect(detailsErrors({ ...base, country: "DE" }).postal_code).toBe("Invalid Postal Code");
    expect(detailsErrors({ ...base, country: "DE", postal_code: "10115" }).postal_code).toBeUndefined();
  });
});

describe("states", () => {
  it("keeps the state only when the new country lists it (spec 4)", () => {
    expect(stateAfterCountryChange("CA", [CA, NY])).toBe("CA");
    expect(stateAfterCountryChange("CA", [{ name: "Bavaria", state_code: "BY" }])).toBe("");
    expect(stateAfterCountryChange("CA", [])).toBe("");
  });

  it("is optional for a country without states", () => {
    expect(stateRequired([])).toBe(false);
    expect(stateRequired([CA])).toBe(true);
    expect(stateRequired(undefined)).toBe(false);
  });
});

describe("coupon", () => {
  const calculation = (valid: boolean): CheckoutCalculation => ({
    line_items: [],
    subtotal: 1499,
    discounts: [{ code: "SAVE10", valid, total: valid ? 150 : 0, error: valid ? null : "Invalid coupon" }],
    tax: { total: 0, rate_bps: 0 },
    total: 1499,
    renewal_total: 1499,
    currency: "USD",
    on_file: null,
  });

  it("says 'Invalid coupon' when its discount is not valid", () => {
    expect(couponError(calculation(false), "save10")).toBe("Invalid coupon");
    expect(couponError(calculation(true), "SAVE10")).toBeNull();
    expect(couponError(calculation(false), null)).toBeNull();
    expect(couponError(undefined, "SAVE10")).toBeNull();
  });
});

describe("plan and success page", () => {
  it("takes a known plan_id, else the purchase options' default", () => {
    expect(resolvePlanId("premium_1y", "basic_1m")).toBe("premium_1y");
    expect(resolvePlanId("gold_1m", "minimal_1m")).toBe("minimal_1m");
    expect(resolvePlanId(null, undefined)).toBe("basic_1m");
  });

  it("carries the order in the success page's query parameters (spec 2)", () => {
    const order: NewOrderResponse = {
      error_message: null,
      resp_msg: "Approved",
      iframe_3ds_url: null,
      transactionID: "ch_1",
      orderTotal: 1619,
      currency: "USD",
      order_id: "ord_1",
      subscription_id: "sub_1",
      plan: "basic_1m",
      date: "2026-01-02T03:04:05.000Z",
    };
    const url = new URL(successPath(order), "http://x");
    expect(url.pathname).toBe("/checkout/success");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      orderTotal: "1619",
      order_id: "ord_1",
      subscription_id: "sub_1",
      transactionID: "ch_1",
      plan: "basic_1m",
      date: "2026-01-02T03:04:05.000Z",
      currency: "USD",
    });
  });
});
