import type { CheckoutCalculation, NewOrderResponse, OnFile, PurchaseOptions } from "@hearth/contracts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { makeSession, makeUser, SessionStub } from "../../../test/session-fixtures";
import { CheckoutPage } from "./checkout-page";

const OPTIONS: PurchaseOptions = {
  default_plan_id: "basic_1m",
  payment_methods: [{ id: "card", name: "Card", options: [] }],
  card: {
    processor: "test",
    test_mode: true,
    card_page_url: "/api/checkout/test-processor/card",
    publishable_key: null,
  },
};

const COUNTRIES = [
  { iso2: "AW", id: "AW", name: "Aruba", has_states: false },
  { iso2: "DE", id: "DE", name: "Germany", has_states: true },
  { iso2: "FR", id: "FR", name: "France", has_states: true },
  { iso2: "PH", id: "PH", name: "Philippines", has_states: true },
  { iso2: "US", id: "US", name: "United States", has_states: true },
];
const STATES: Record<string, { name: string; state_code: string }[]> = {
  DE: [{ name: "Berlin", state_code: "BE" }],
  FR: [{ name: "Île-de-France", state_code: "IDF" }],
  PH: [{ name: "Metro Manila", state_code: "00" }],
  US: [
    { name: "California", state_code: "CA" },
    { name: "New York", state_code: "NY" },
  ],
};

type Body = Record<string, unknown>;

function calculation(body: Body, onFile: OnFile | null): CheckoutCalculation {
  const valid = body.promo_code !== "BAD";
  const discount = body.promo_code ? (valid ? 150 : 0) : 0;
  const tax = body.country === "DE" ? Math.round((1499 - discount) * 0.19) : 0;
  return {
    line_items: [{ name: "True Supporter (monthly)", plan_id: "basic_1m", amount: 1499 }],
    subtotal: 1499,
    discounts: body.promo_code
      ? [{ code: String(body.promo_code), valid, total: discount, error: valid ? null : "Invalid coupon" }]
      : [],
    tax: { total: tax, rate_bps: body.country === "DE" ? 1900 : 0 },
    total: 1499 - discount + tax,
    renewal_total: 1499 + tax,
    currency: "USD",
    on_file: onFile,
  };
}

const approved: NewOrderResponse = {
  error_message: null,
  resp_msg: "Approved",
  iframe_3ds_url: null,
  transactionID: "ch_1",
  orderTotal: 1499,
  currency: "USD",
  order_id: "ord_1",
  subscription_id: "sub_1",
  plan: "basic_1m",
  date: "2026-01-02T03:04:05.000Z",
};

function setup({
  route = "/checkout",
  onFile = null,
  order = () => approved,
  beside = null,
}: {
  route?: string;
  onFile?: OnFile | null;
  order?: (body: Body) => NewOrderResponse | Response;
  /** Rendered beside the page, inside the router (a link to another checkout address). */
  beside?: ReactNode;
} = {}) {
  const calculations: Body[] = [];
  const orders: Body[] = [];
  const events: Body[] = [];
  const bodyOf = (init: RequestInit | undefined): Body => JSON.parse(String(init?.body ?? "{}")) as Body;
  const fetchMock = stubApi({
    "/api/subscriptions/sticky": () => json({ data: [] }),
    "/api/checkout/purchase-options": () => json(OPTIONS),
    "/api/checkout/countries": () => json({ data: COUNTRIES }),
    ...Object.fromEntries(
      Object.entries(STATES).map(([iso2, data]) => [
        `/api/checkout/countries/${iso2}/states`,
        () => json({ data }),
      ]),
    ),
    "/api/checkout/calculate": (_url, init) => {
      const body = bodyOf(init);
      calculations.push(body);
      return json(calculation(body, onFile));
    },
    "/api/checkout/new_order": (_url, init) => {
      const body = bodyOf(init);
      orders.push(body);
      const answer = order(body);
      return answer instanceof Response ? answer : json(answer);
    },
    "/api/event": (_url, init) => {
      events.push(bodyOf(init));
      return json({ id: "e1" }, 201);
    },
  });
  const session = makeSession({ status: "member", user: makeUser({ email: "ada@example.com" }) });
  const view = renderWithProviders(
    <SessionStub value={session}>
      <CheckoutPage />
      {beside}
    </SessionStub>,
    { route },
  );
  return { ...view, calculations, orders, events, fetchMock };
}

/** The hosted card page reports its state, as it does with postMessage. */
function postFromCardFrame(data: unknown) {
  const frame = screen.getByTitle("Card details") as HTMLIFrameElement;
  act(() => {
    window.dispatchEvent(
      new MessageEvent("message", { data, origin: window.location.origin, source: frame.contentWindow }),
    );
  });
}

const validCard = (token = "tok_test_1") => ({
  type: "hearth:card",
  valid: true,
  token,
  last_4: "4242",
  brand: "Visa",
  exp: "12/30",
});

async function fillDetails(country = "US", state = "CA", postal = "94107") {
  await screen.findByLabelText("First name");
  fireEvent.change(screen.getByLabelText("First name"), { target: { value: "Ada" } });
  fireEvent.change(screen.getByLabelText("Last name"), { target: { value: "Lovelace" } });
  await waitFor(() => expect(screen.getByLabelText("Country")).toBeEnabled());
  fireEvent.change(screen.getByLabelText("Country"), { target: { value: country } });
  if (state) {
    const stateField = await screen.findByRole("combobox", { name: /State|Province/ });
    await waitFor(() => expect(stateField).toBeEnabled());
    fireEvent.change(stateField, { target: { value: state } });
  }
  fireEvent.change(screen.getByLabelText(/Zip|Postal Code/), { target: { value: postal } });
}

const payButton = () => screen.getByRole("button", { name: /^Pay/ });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("checkout", () => {
  it("labels the state and postal code by country (spec 5)", async () => {
    setup();
    await fillDetails("US", "CA", "94107");
    expect(screen.getByRole("combobox", { name: "State" })).toBeInTheDocument();
    expect(screen.getByLabelText("Zip")).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText("Country"), { target: { value: "FR" } });
    expect(await screen.findByRole("combobox", { name: "Province" })).toBeInTheDocument();
    expect(screen.getByLabelText("Postal Code")).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText("Country"), { target: { value: "PH" } });
    expect(await screen.findByRole("combobox", { name: "Province" })).toBeInTheDocument();
    expect(screen.getByLabelText("Zip")).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText("Country"), { target: { value: "DE" } });
    expect(await screen.findByRole("combobox", { name: "State" })).toBeInTheDocument();
    expect(screen.getByLabelText("Postal Code")).toBeInTheDocument();
  });

  it("uppercases the postal code and says 'Invalid {label}' on blur", async () => {
    setup();
    await fillDetails("US", "CA", "abc");
    const zip = screen.getByLabelText("Zip");
    expect(zip).toHaveValue("ABC");
    expect(screen.queryByText("Invalid Zip")).not.toBeInTheDocument();
    fireEvent.blur(zip);
    expect(await screen.findByText("Invalid Zip")).toBeInTheDocument();
    fireEvent.change(zip, { target: { value: "94107" } });
    await waitFor(() => expect(screen.queryByText("Invalid Zip")).not.toBeInTheDocument());

    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "nope" } });
    fireEvent.blur(screen.getByLabelText("Email"));
    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
  });

  it("resets the state on a country change when the new country does not list it, and makes it optional without states", async () => {
    setup();
    await fillDetails("US", "CA", "94107");
    fireEvent.change(screen.getByLabelText("Country"), { target: { value: "DE" } });
    const state = await screen.findByRole("combobox", { name: "State" });
    await waitFor(() => expect(state).toHaveValue(""));

    fireEvent.change(screen.getByLabelText("Country"), { target: { value: "AW" } });
    await waitFor(() =>
      expect(screen.queryByRole("combobox", { name: /State|Province/ })).not.toBeInTheDocument(),
    );
  });

  it("recalculates at once for country, state and coupon, and 600 ms after the last email or postal code change", async () => {
    const { calculations } = setup({ route: "/checkout?plan_id=basic_1m&coupon=save10" });
    await waitFor(() => expect(calculations.length).toBeGreaterThan(0));
    expect(calculations[0]).toMatchObject({ plan_id: "basic_1m", promo_code: "SAVE10", platform: "web" });
    await fillDetails("US", "CA", "");
    await waitFor(() => expect(calculations.at(-1)).toMatchObject({ country: "US", state: "CA" }));

    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const typed = (body: Body) => body.email === "grace@example.com" || body.postal_code === "10001";
      const before = calculations.length;
      fireEvent.change(screen.getByLabelText("Email"), { target: { value: "grace@" } });
      await act(() => vi.advanceTimersByTimeAsync(300));
      // Typing on restarts the wait: 600 ms from the last change of either field.
      fireEvent.change(screen.getByLabelText("Email"), { target: { value: "grace@example.com" } });
      fireEvent.change(screen.getByLabelText("Zip"), { target: { value: "10001" } });
      await act(() => vi.advanceTimersByTimeAsync(599));
      expect(calculations.slice(before).filter(typed)).toEqual([]);
      expect(calculations.slice(before).some((body) => body.email === "grace@")).toBe(false);
      await act(() => vi.advanceTimersByTimeAsync(1));
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(calculations.slice(before).filter(typed).at(-1)).toMatchObject({
        email: "grace@example.com",
        postal_code: "10001",
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("recalculates when the plan or the offer changes", async () => {
    const { calculations } = setup({
      route: "/checkout?plan_id=basic_1m",
      beside: <Link to="/checkout?plan_id=basic_1m&o_id=first99">Offer link</Link>,
    });
    await waitFor(() => expect(calculations.length).toBeGreaterThan(0));
    expect(calculations.at(-1)).toMatchObject({ plan_id: "basic_1m", offer_id: null });

    // The plan: the summary's Monthly / Annual switch.
    fireEvent.click(await screen.findByRole("radio", { name: "Annual" }));
    await waitFor(() => expect(calculations.at(-1)).toMatchObject({ plan_id: "basic_1y" }));
    expect(screen.getByTestId("location")).toHaveTextContent("plan_id=basic_1y");

    // The offer: the address's o_id, changed while the page stays open.
    const before = calculations.length;
    fireEvent.click(screen.getByRole("link", { name: "Offer link" }));
    await waitFor(() =>
      expect(calculations.slice(before).at(-1)).toMatchObject({ plan_id: "basic_1m", offer_id: "first99" }),
    );
  });

  it("shows 'Invalid coupon' and blocks paying until the coupon is removed", async () => {
    setup({ route: "/checkout?coupon=BAD" });
    await fillDetails();
    postFromCardFrame(validCard());
    fireEvent.click(screen.getByLabelText("I agree to the Terms & Conditions"));
    expect(await screen.findByText("Invalid coupon")).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(payButton()).toBeEnabled());
  });

  it("enables Pay only with the card, the terms and the details, shows the total with tax, and goes to the success page", async () => {
    const { orders, events } = setup({ route: "/checkout?plan_id=basic_1m&o_id=offer1" });
    await fillDetails("DE", "BE", "10115");
    expect(payButton()).toBeDisabled();
    postFromCardFrame(validCard());
    expect(payButton()).toBeDisabled();
    fireEvent.click(screen.getByLabelText("I agree to the Terms & Conditions"));
    await waitFor(() => expect(payButton()).toBeEnabled());
    expect(payButton()).toHaveTextContent("Pay $17.84");
    expect(screen.getByText("Tax (19%)")).toBeInTheDocument();

    // A double click sends one order.
    const pay = payButton();
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/checkout/success?"));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      payment_token: "tok_test_1",
      email: "ada@example.com",
      first_name: "Ada",
      last_name: "Lovelace",
      country: "DE",
      state: "BE",
      postal_code: "10115",
      plan_id: "basic_1m",
      offer_id: "offer1",
      platform: "web",
    });
    expect(typeof orders[0]?.session_id).toBe("string");
    expect(screen.getByTestId("location").textContent).toContain("order_id=ord_1");
    await waitFor(() => expect(events.map((e) => e.event_name)).toContain("checkout_completed"));
  });

  it("shows a declined card's message under the summary, blocks paying, and clears it when the card, terms or saved card change", async () => {
    let answer: NewOrderResponse = { ...approved, resp_msg: null, error_message: "Your card was declined." };
    setup({ order: () => answer });
    await fillDetails();
    postFromCardFrame(validCard("tok_a"));
    fireEvent.click(screen.getByLabelText("I agree to the Terms & Conditions"));
    await waitFor(() => expect(payButton()).toBeEnabled());
    fireEvent.click(payButton());
    const summary = screen.getByRole("region", { name: "Order summary" });
    expect(await within(summary).findByText("Your card was declined.")).toBeInTheDocument();
    expect(payButton()).toBeDisabled();

    // The card changes: the message clears.
    postFromCardFrame(validCard("tok_b"));
    await waitFor(() => expect(screen.queryByText("Your card was declined.")).not.toBeInTheDocument());
    expect(payButton()).toBeEnabled();

    // The terms change: it clears too.
    fireEvent.click(payButton());
    expect(await screen.findByText("Your card was declined.")).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText("I agree to the Terms & Conditions"));
    await waitFor(() => expect(screen.queryByText("Your card was declined.")).not.toBeInTheDocument());

    // The saved-card choice is the third trigger (see the saved card test); a later approval goes through.
    answer = approved;
    fireEvent.click(screen.getByLabelText("I agree to the Terms & Conditions"));
    await waitFor(() => expect(payButton()).toBeEnabled());
    fireEvent.click(payButton());
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/checkout/success?"));
  });

  it("starts saved details and a saved card as summaries with Change, and pays with the card on file", async () => {
    const onFile: OnFile = {
      email: "ada@example.com",
      first_name: "Ada",
      last_name: "Lovelace",
      country: "US",
      state: "CA",
      postal_code: "94107",
      order_id: "ord_0",
      credit_card: { last_4: "4242", type: "Visa", exp: "12/30" },
    };
    const { orders } = setup({ onFile });
    expect(await screen.findByText("Ada Lovelace")).toBeInTheDocument();
    expect(screen.getByText("Visa ending in 4242")).toBeInTheDocument();
    expect(screen.queryByLabelText("First name")).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText("I agree to the Terms & Conditions"));
    await waitFor(() => expect(payButton()).toBeEnabled());
    fireEvent.click(payButton());
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]).toMatchObject({ payment_token: null, country: "US", state: "CA" });
  });

  it("opens the saved card's Change into the card entry and the details' Change into the form", async () => {
    const onFile: OnFile = {
      email: "ada@example.com",
      first_name: "Ada",
      last_name: "Lovelace",
      country: "US",
      state: "CA",
      postal_code: "94107",
      order_id: "ord_0",
      credit_card: { last_4: "4242", type: "Visa", exp: "12/30" },
    };
    setup({ onFile });
    // The saved summaries leave the focus where it was; each Change moves it to what replaced the button.
    const change = await screen.findByRole("button", { name: "Change your details" });
    expect(document.body).toHaveFocus();
    fireEvent.click(change);
    expect(screen.getByLabelText("First name")).toHaveValue("Ada");
    await waitFor(() => expect(screen.getByLabelText("Email")).toHaveFocus());
    fireEvent.click(screen.getByRole("button", { name: "Change card" }));
    await waitFor(() => expect(screen.getByTitle("Card details")).toHaveFocus());
    fireEvent.click(screen.getByLabelText("I agree to the Terms & Conditions"));
    expect(payButton()).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: /Use my saved Visa/ }));
    await waitFor(() => expect(payButton()).toBeEnabled());
    expect(screen.getByRole("button", { name: "Change card" })).toHaveFocus();
  });

  it("opens the 3-D Secure frame on a redirect and shows its failure message", async () => {
    setup({
      order: () => ({
        ...approved,
        resp_msg: "Redirect",
        iframe_3ds_url: "/api/checkout/test-processor/3ds/x",
      }),
    });
    await fillDetails();
    postFromCardFrame(validCard());
    fireEvent.click(screen.getByLabelText("I agree to the Terms & Conditions"));
    await waitFor(() => expect(payButton()).toBeEnabled());
    fireEvent.click(payButton());
    const dialog = await screen.findByRole("dialog", { name: "Confirm your payment" });
    const frame = within(dialog).getByTitle("3-D Secure check") as HTMLIFrameElement;
    act(() => {
      window.dispatchEvent(
        new MessageEvent("message", {
          data: {
            type: "hearth:3ds",
            status: "failure",
            order: { ...approved, resp_msg: null, error_message: "The 3-D Secure check failed." },
          },
          origin: window.location.origin,
          source: frame.contentWindow,
        }),
      );
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByText("The 3-D Secure check failed.")).toBeInTheDocument();
  });

  it("ignores messages from other windows or origins", async () => {
    setup();
    await fillDetails();
    fireEvent.click(screen.getByLabelText("I agree to the Terms & Conditions"));
    act(() => {
      window.dispatchEvent(
        new MessageEvent("message", { data: validCard(), origin: "https://evil.example" }),
      );
      window.dispatchEvent(
        new MessageEvent("message", { data: validCard(), origin: window.location.origin }),
      );
    });
    expect(payButton()).toBeDisabled();
  });

  it("logs the abandonment with the last interaction point when the member leaves without paying", async () => {
    const { events, unmount } = setup();
    await fillDetails();
    postFromCardFrame(validCard());
    fireEvent.click(screen.getByLabelText("I agree to the Terms & Conditions"));
    unmount();
    await waitFor(() => expect(events.map((e) => e.event_name)).toContain("checkout_abandoned"));
    expect(events.find((e) => e.event_name === "checkout_abandoned")?.payload).toEqual({
      plan_id: "basic_1m",
      last_interaction: "checkbox",
    });
  });

  it("logs no abandonment after completing", async () => {
    const { events, unmount } = setup();
    await fillDetails();
    postFromCardFrame(validCard());
    fireEvent.click(screen.getByLabelText("I agree to the Terms & Conditions"));
    await waitFor(() => expect(payButton()).toBeEnabled());
    fireEvent.click(payButton());
    await waitFor(() => expect(events.map((e) => e.event_name)).toContain("checkout_completed"));
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events.map((e) => e.event_name)).not.toContain("checkout_abandoned");
  });
});
