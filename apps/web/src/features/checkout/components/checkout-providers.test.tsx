import {
  type CheckoutCalculation,
  CRYPTO_PLANS,
  formatMoney,
  type ProviderNewPaymentResponse,
  type PurchaseOptions,
  planPriceFor,
} from "@hearth/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { makeSession, makeUser, SessionStub } from "../../../test/session-fixtures";
import { goToProviderPage } from "../lib/provider-page";
import { CheckoutPage } from "./checkout-page";

vi.mock("../lib/provider-page", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../lib/provider-page")>()),
  goToProviderPage: vi.fn(),
}));

const CARD: PurchaseOptions["card"] = {
  processor: "test",
  test_mode: true,
  card_page_url: "/api/checkout/test-processor/card",
  publishable_key: null,
};
const CARD_ONLY: PurchaseOptions = {
  default_plan_id: "basic_1m",
  payment_methods: [{ id: "card", name: "Card", options: [] }],
  card: CARD,
};
const WITH_PROVIDERS: PurchaseOptions = {
  ...CARD_ONLY,
  payment_methods: [
    { id: "card", name: "Card", options: [] },
    { id: "upgate", name: "Upgate", options: ["alipay", "kakao", "upi"] },
    { id: "volt", name: "Volt", options: [] },
  ],
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

type Body = Record<string, unknown>;

function setup(
  options: PurchaseOptions,
  answer: (provider: string) => ProviderNewPaymentResponse = () => ({
    error_message: null,
    url: "https://pay.example/page",
  }),
  route = "/checkout?plan_id=basic_1m&o_id=offer_7&coupon=SAVE10",
) {
  const payments: { provider: string; body: Body }[] = [];
  const calculations: Body[] = [];
  const bodyOf = (init: RequestInit | undefined): Body => JSON.parse(String(init?.body ?? "{}")) as Body;
  const providerRoutes = Object.fromEntries(
    options.payment_methods
      .filter((m) => m.id !== "card")
      .map((m) => [
        `/api/checkout/${m.id}_new_payment`,
        (_url: URL, init?: RequestInit) => {
          payments.push({ provider: m.id, body: bodyOf(init) });
          return json(answer(m.id));
        },
      ]),
  );
  stubApi({
    "/api/subscriptions/sticky": () => json({ data: [] }),
    "/api/checkout/purchase-options": () => json(options),
    "/api/checkout/countries": () =>
      json({ data: [{ iso2: "US", id: "US", name: "United States", has_states: true }] }),
    "/api/checkout/countries/US/states": () => json({ data: [{ name: "California", state_code: "CA" }] }),
    "/api/checkout/calculate": (_url: URL, init?: RequestInit) => {
      const body = bodyOf(init);
      calculations.push(body);
      // The server prices coinpayments at the crypto list's prices.
      const price = body.payment_method === "coinpayments" ? planPriceFor("basic_1m", "coinpayments") : 1499;
      return json({
        ...CALCULATION,
        line_items: [{ ...CALCULATION.line_items[0], amount: price }],
        subtotal: price,
        total: price,
        renewal_total: price,
      });
    },
    "/api/event": () => json({ id: "e1" }, 201),
    ...providerRoutes,
  });
  const session = makeSession({ status: "member", user: makeUser({ email: "ada@example.com" }) });
  renderWithProviders(
    <SessionStub value={session}>
      <CheckoutPage />
    </SessionStub>,
    { route },
  );
  return { payments, calculations };
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
}

const payButton = () => screen.getByRole("button", { name: /^Pay/ });
const terms = () => screen.getByLabelText("I agree to the Terms & Conditions");

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(goToProviderPage).mockClear();
});

const WITH_CRYPTO: PurchaseOptions = {
  ...CARD_ONLY,
  payment_methods: [
    { id: "card", name: "Card", options: [] },
    { id: "coinpayments", name: "CoinPayments", options: [] },
  ],
};

describe("checkout from the crypto page (method=coinpayments)", () => {
  it("pre-selects CoinPayments and prices at the crypto page's price, the card again at the card's", async () => {
    const { calculations } = setup(WITH_CRYPTO, undefined, "/checkout?plan_id=basic_1m&method=coinpayments");
    expect(await screen.findByRole("radio", { name: "CoinPayments" })).toBeChecked();
    await waitFor(() => expect(calculations.length).toBeGreaterThan(0));
    expect(calculations.every((body) => body.payment_method === "coinpayments")).toBe(true);
    // The crypto page shows True Supporter monthly at this price: the checkout's subtotal before tax.
    const shown = formatMoney(CRYPTO_PLANS.find((plan) => plan.role === "basic")?.monthly ?? 0);
    const summary = screen.getByRole("region", { name: "Order summary" });
    expect((await within(summary).findAllByText(shown)).length).toBeGreaterThan(0);

    const before = calculations.length;
    fireEvent.click(screen.getByRole("radio", { name: "Card" }));
    await waitFor(() => expect(calculations.length).toBeGreaterThan(before));
    expect(calculations.at(-1)?.payment_method).toBeUndefined();
    expect((await within(summary).findAllByText("$14.99")).length).toBeGreaterThan(0);
  });

  it("keeps the first method when the link names one the server does not offer", async () => {
    const { calculations } = setup(CARD_ONLY, undefined, "/checkout?plan_id=basic_1m&method=coinpayments");
    await screen.findByLabelText("First name");
    expect(screen.queryByRole("radio", { name: "CoinPayments" })).not.toBeInTheDocument();
    await waitFor(() => expect(calculations.length).toBeGreaterThan(0));
    expect(calculations.some((body) => "payment_method" in body)).toBe(false);
  });
});

describe("checkout with alternative providers (spec 7)", () => {
  it("offers the providers only when the purchase options list them", async () => {
    setup(CARD_ONLY);
    await screen.findByLabelText("First name");
    expect(screen.queryByRole("radio", { name: "Upgate" })).not.toBeInTheDocument();
    expect(screen.queryByRole("radio", { name: "Alipay" })).not.toBeInTheDocument();
    expect(screen.getByText("Pay by card")).toBeInTheDocument();
  });

  it("shows a provider's options once it is chosen, without the card entry", async () => {
    setup(WITH_PROVIDERS);
    const upgate = await screen.findByRole("radio", { name: "Upgate" });
    expect(screen.getByRole("radio", { name: "Volt" })).toBeInTheDocument();
    expect(screen.getByTitle("Card details")).toBeInTheDocument();
    expect(screen.queryByRole("radio", { name: "Alipay" })).not.toBeInTheDocument();

    fireEvent.click(upgate);
    const group = await screen.findByRole("group", { name: "Pay with Upgate by" });
    expect(
      within(group)
        .getAllByRole("radio")
        .map((r) => r.getAttribute("value")),
    ).toEqual(["alipay", "kakao", "upi"]);
    expect(within(group).getByRole("radio", { name: "Alipay" })).toBeChecked();
    expect(within(group).getByRole("radio", { name: "Kakao Pay" })).toBeInTheDocument();
    expect(screen.queryByTitle("Card details")).not.toBeInTheDocument();
  });

  it("posts the payload to {provider}_new_payment without a card and goes to the returned url", async () => {
    const { payments } = setup(WITH_PROVIDERS);
    await fillDetails();
    fireEvent.click(await screen.findByRole("radio", { name: "Upgate" }));
    fireEvent.click(await screen.findByRole("radio", { name: "Kakao Pay" }));
    fireEvent.click(terms());
    // No card was entered: the card rule does not apply to a provider.
    await waitFor(() => expect(payButton()).toBeEnabled());
    fireEvent.click(payButton());

    await waitFor(() => expect(goToProviderPage).toHaveBeenCalledWith("https://pay.example/page"));
    expect(payments).toEqual([
      {
        provider: "upgate",
        body: {
          plan_id: "basic_1m",
          offer_id: "offer_7",
          email: "ada@example.com",
          first_name: "Ada",
          last_name: "Lovelace",
          state: "CA",
          country: "US",
          postal_code: "94107",
          promo_code: "SAVE10",
          payment_option: "kakao",
        },
      },
    ]);
  });

  it("sends no option for a provider without options", async () => {
    const { payments } = setup(WITH_PROVIDERS);
    await fillDetails();
    fireEvent.click(await screen.findByRole("radio", { name: "Volt" }));
    expect(screen.queryByRole("group", { name: /Pay with Volt/ })).not.toBeInTheDocument();
    fireEvent.click(terms());
    await waitFor(() => expect(payButton()).toBeEnabled());
    fireEvent.click(payButton());
    await waitFor(() => expect(goToProviderPage).toHaveBeenCalledTimes(1));
    expect(payments[0]?.provider).toBe("volt");
    expect(payments[0]?.body.payment_option).toBeNull();
  });

  it("shows an error_message under the summary, blocks Pay, and clears it when the terms change", async () => {
    setup(WITH_PROVIDERS, () => ({ error_message: "Upgate is not available in your country.", url: null }));
    await fillDetails();
    fireEvent.click(await screen.findByRole("radio", { name: "Upgate" }));
    fireEvent.click(terms());
    await waitFor(() => expect(payButton()).toBeEnabled());
    fireEvent.click(payButton());

    const summary = screen.getByRole("region", { name: "Order summary" });
    expect(await within(summary).findByText("Upgate is not available in your country.")).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    expect(goToProviderPage).not.toHaveBeenCalled();

    fireEvent.click(terms());
    await waitFor(() =>
      expect(screen.queryByText("Upgate is not available in your country.")).not.toBeInTheDocument(),
    );
    fireEvent.click(terms());
    await waitFor(() => expect(payButton()).toBeEnabled());
  });
});
