import {
  BILLING_TEXTS,
  type CheckoutCalculation,
  type NewOrderResponse,
  type OnFile,
  type PurchaseOptions,
} from "@hearth/contracts";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { fakeStripe, STRIPE_PURCHASE_OPTIONS } from "../../../test/fake-stripe";
import { makeSession, makeUser, SessionStub } from "../../../test/session-fixtures";
import { CheckoutPage } from "./checkout-page";

vi.mock("@stripe/stripe-js", () => ({ loadStripe: vi.fn() }));

let fake = fakeStripe("pm_card_1");

const STRIPE = STRIPE_PURCHASE_OPTIONS;
const TEST_PROCESSOR: PurchaseOptions = {
  ...STRIPE,
  card: {
    processor: "test",
    test_mode: true,
    card_page_url: "/api/checkout/test-processor/card",
    publishable_key: null,
  },
};

const CALCULATION: CheckoutCalculation = {
  line_items: [{ name: "True Supporter (monthly)", plan_id: "basic_1m", amount: 1499 }],
  subtotal: 1499,
  discounts: [],
  tax: { total: 0, rate_bps: 0 },
  total: 1499,
  renewal_total: 1499,
  currency: "USD",
  on_file: null,
};

const APPROVED: NewOrderResponse = {
  error_message: null,
  resp_msg: "Approved",
  iframe_3ds_url: null,
  transactionID: "pi_1",
  orderTotal: 1499,
  currency: "USD",
  order_id: "ord_1",
  subscription_id: "sub_1",
  plan: "basic_1m",
  date: "2026-01-02T03:04:05.000Z",
};

type Body = Record<string, unknown>;

const ON_FILE: OnFile = {
  email: "ada@example.com",
  first_name: "Ada",
  last_name: "Lovelace",
  country: "US",
  state: "CA",
  postal_code: "94107",
  order_id: "ord_0",
  credit_card: { last_4: "4242", type: "Visa", exp: "12/30" },
};

function setup(options: PurchaseOptions, onFile: OnFile | null = null) {
  const orders: Body[] = [];
  const bodyOf = (init: RequestInit | undefined): Body => JSON.parse(String(init?.body ?? "{}")) as Body;
  stubApi({
    "/api/subscriptions/sticky": () => json({ data: [] }),
    "/api/checkout/purchase-options": () => json(options),
    "/api/checkout/countries": () =>
      json({ data: [{ iso2: "US", id: "US", name: "United States", has_states: true }] }),
    "/api/checkout/countries/US/states": () => json({ data: [{ name: "California", state_code: "CA" }] }),
    "/api/checkout/calculate": () => json({ ...CALCULATION, on_file: onFile }),
    "/api/checkout/new_order": (_url, init) => {
      orders.push(bodyOf(init));
      return json(APPROVED);
    },
    "/api/event": () => json({ id: "e1" }, 201),
  });
  const session = makeSession({ status: "member", user: makeUser({ email: "ada@example.com" }) });
  renderWithProviders(
    <SessionStub value={session}>
      <CheckoutPage />
    </SessionStub>,
    { route: "/checkout?plan_id=basic_1m" },
  );
  return { orders };
}

async function fillDetails() {
  await screen.findByLabelText("First name");
  fireEvent.change(screen.getByLabelText("First name"), { target: { value: "Ada" } });
  fireEvent.change(screen.getByLabelText("Last name"), { target: { value: "Lovelace" } });
  await waitFor(() => expect(screen.getByLabelText("Country")).toBeEnabled());
  fireEvent.change(screen.getByLabelText("Country"), { target: { value: "US" } });
  const stateField = await screen.findByRole("combobox", { name: "State" });
  await waitFor(() => expect(stateField).toBeEnabled());
  fireEvent.change(stateField, { target: { value: "CA" } });
  fireEvent.change(screen.getByLabelText("Zip"), { target: { value: "94107" } });
  fireEvent.click(screen.getByLabelText("I agree to the Terms & Conditions"));
}

const payButton = () => screen.getByRole("button", { name: /^Pay/ });
const cardAlert = () =>
  screen.queryAllByRole("alert").find((node) => node.textContent === BILLING_TEXTS.invalidCard);

beforeEach(() => {
  fake = fakeStripe("pm_card_1");
  vi.mocked(loadStripe).mockReset();
  vi.mocked(loadStripe).mockImplementation(async () => fake.stripe as unknown as Stripe);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("checkout with Stripe Elements", () => {
  it("loads Stripe.js with the publishable key and mounts a Card Element in place of the hosted page", async () => {
    setup(STRIPE);
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalledTimes(1));
    expect(loadStripe).toHaveBeenCalledWith("pk_test_hearth");
    expect(fake.create).toHaveBeenCalledWith("card", expect.objectContaining({ hidePostalCode: true }));
    expect(fake.element.mount).toHaveBeenCalledWith(screen.getByTestId("stripe-card"));
    expect(screen.queryByTitle("Card details")).not.toBeInTheDocument();
    expect(screen.queryByText("Card payments are not available right now.")).not.toBeInTheDocument();
    expect(screen.queryByText(BILLING_TEXTS.testMode)).not.toBeInTheDocument();
  });

  it("keeps the 'Test mode' note for Stripe test keys, without the built-in processor's test cards", async () => {
    setup({ ...STRIPE, card: { ...STRIPE.card, test_mode: true } });
    expect(await screen.findByText(BILLING_TEXTS.testMode)).toBeInTheDocument();
    expect(screen.queryByText("Test cards")).not.toBeInTheDocument();
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
  });

  it("creates a PaymentMethod on Pay and sends its pm_ id as the payment token", async () => {
    const { orders } = setup(STRIPE);
    await fillDetails();
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
    expect(payButton()).toBeDisabled();
    fake.change({ complete: true });
    await waitFor(() => expect(payButton()).toBeEnabled());
    fireEvent.click(payButton());
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(fake.createPaymentMethod).toHaveBeenCalledWith({
      type: "card",
      card: fake.element,
      billing_details: {
        name: "Ada Lovelace",
        email: "ada@example.com",
        address: { country: "US", state: "CA", postal_code: "94107" },
      },
    });
    expect(orders[0]).toMatchObject({ payment_token: "pm_card_1", plan_id: "basic_1m" });
  });

  it("blocks Pay while the element reports an error, and shows 'Enter a valid card, expiration date and cvv.'", async () => {
    const { orders } = setup(STRIPE);
    await fillDetails();
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
    fake.change({ complete: false, error: { message: "Your card number is invalid." } });
    expect(cardAlert()).toBeDefined();
    expect(screen.queryByText("Your card number is invalid.")).not.toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    fireEvent.click(payButton());
    expect(fake.createPaymentMethod).not.toHaveBeenCalled();

    fake.change({ complete: true });
    await waitFor(() => expect(payButton()).toBeEnabled());
    expect(cardAlert()).toBeUndefined();
    expect(orders).toHaveLength(0);
  });

  it("starts a remounted Card Element empty: after the saved card and Change, Pay waits for the new entry", async () => {
    const { orders } = setup(STRIPE, ON_FILE);
    fireEvent.click(await screen.findByRole("button", { name: "Change card" }));
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByLabelText("I agree to the Terms & Conditions"));
    fake.change({ complete: true });
    await waitFor(() => expect(payButton()).toBeEnabled());

    fireEvent.click(screen.getByRole("button", { name: /Use my saved Visa ending in 4242/ }));
    expect(fake.element.destroy).toHaveBeenCalled();
    fireEvent.click(await screen.findByRole("button", { name: "Change card" }));
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalledTimes(2));
    expect(payButton()).toBeDisabled();
    fake.change({ complete: true });
    await waitFor(() => expect(payButton()).toBeEnabled());
    fireEvent.click(payButton());
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]).toMatchObject({ payment_token: "pm_card_1" });
  });

  it("shows Stripe's error and sends no order when the PaymentMethod cannot be created", async () => {
    const { orders } = setup(STRIPE);
    await fillDetails();
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
    fake.createPaymentMethod.mockResolvedValueOnce({ error: { message: "Your card was declined." } });
    fake.change({ complete: true });
    await waitFor(() => expect(payButton()).toBeEnabled());
    fireEvent.click(payButton());
    expect(await screen.findByText("Your card was declined.")).toBeInTheDocument();
    expect(orders).toHaveLength(0);
  });
});

describe("checkout with the test processor", () => {
  it("never loads Stripe.js and keeps the hosted card page", async () => {
    setup(TEST_PROCESSOR);
    expect(await screen.findByTitle("Card details")).toBeInTheDocument();
    expect(screen.getByText(BILLING_TEXTS.testMode)).toBeInTheDocument();
    expect(screen.getByText("Test cards")).toBeInTheDocument();
    expect(screen.queryByTestId("stripe-card")).not.toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
  });
});
