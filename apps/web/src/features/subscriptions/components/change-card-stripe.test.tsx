import {
  BILLING_TEXTS,
  type PurchaseOptions,
  type StickyActionBody,
  type StickyActionResponse,
  type Subscription,
} from "@hearth/contracts";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { fakeStripe, STRIPE_PURCHASE_OPTIONS } from "../../../test/fake-stripe";
import { makeSession, makeUser, SessionStub } from "../../../test/session-fixtures";
import { makeHistoryEntry, makeSubscription } from "../test/fixtures";
import { PortalPage } from "./portal-page";

vi.mock("@stripe/stripe-js", () => ({ loadStripe: vi.fn() }));

let fake = fakeStripe("pm_portal_1");

const STRIPE = STRIPE_PURCHASE_OPTIONS;

/** The portal over a stub server with the Stripe processor; PUTs are recorded and answered by `answer`. */
function renderPortal(
  answer: (body: StickyActionBody) => StickyActionResponse,
  options: PurchaseOptions = STRIPE,
) {
  let current: Subscription = makeSubscription();
  const puts: StickyActionBody[] = [];
  stubApi({
    "/api/subscriptions/sticky": (_url, init) => {
      if (init?.method === "PUT") {
        const body = JSON.parse(String(init.body)) as StickyActionBody;
        puts.push(body);
        const response = answer(body);
        if (response.status === "SUCCESS")
          current = { ...current, credit_card: { last_4: "4444", type: "Mastercard" } };
        return json(response);
      }
      return json({ data: [current] });
    },
    "/api/billing/history": () => json({ data: [makeHistoryEntry()] }),
    "/api/checkout/purchase-options": () => json(options),
  });
  renderWithProviders(
    <SessionStub value={makeSession({ status: "member", user: makeUser({ role: "basic" }) })}>
      <PortalPage />
    </SessionStub>,
    { route: "/manage-subscription", path: "/manage-subscription" },
  );
  return { puts };
}

const CHANGED: StickyActionResponse = {
  status: "SUCCESS",
  subscription_status: "active",
  message: "Your card has been updated.",
  change_timing: null,
};

async function openDialog() {
  fireEvent.click(await screen.findByRole("button", { name: "Change Card" }));
  const dialog = await screen.findByRole("dialog", { name: "Change card" });
  await waitFor(() => expect(fake.element.mount).toHaveBeenCalledTimes(1));
  return { dialog, update: within(dialog).getByRole("button", { name: "Update Card" }) };
}

beforeEach(() => {
  fake = fakeStripe("pm_portal_1");
  vi.mocked(loadStripe).mockReset();
  vi.mocked(loadStripe).mockImplementation(async () => fake.stripe as unknown as Stripe);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Change Card with the Stripe processor", () => {
  it("mounts a Card Element in the dialog in place of the unavailable notice", async () => {
    renderPortal(() => CHANGED);
    const { dialog, update } = await openDialog();
    expect(loadStripe).toHaveBeenCalledWith("pk_test_hearth");
    expect(fake.create).toHaveBeenCalledWith("card", expect.objectContaining({ hidePostalCode: true }));
    expect(fake.element.mount).toHaveBeenCalledWith(within(dialog).getByTestId("stripe-card"));
    expect(within(dialog).getByRole("group", { name: "Card details" })).toBeInTheDocument();
    expect(within(dialog).queryByText(/Card changes aren't available/)).not.toBeInTheDocument();
    expect(within(dialog).queryByTitle("Card details")).not.toBeInTheDocument();
    expect(update).toBeDisabled();
  });

  it("creates a PaymentMethod on Update Card and sends its pm_ id through change_card", async () => {
    const { puts } = renderPortal(() => CHANGED);
    const { dialog, update } = await openDialog();
    fake.change({ complete: true, brand: "mastercard" });
    await waitFor(() => expect(update).toBeEnabled());
    expect(within(dialog).getByText("Your Mastercard card is ready.")).toBeInTheDocument();
    fireEvent.click(update);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(fake.createPaymentMethod).toHaveBeenCalledWith({ type: "card", card: fake.element });
    expect(puts[0]).toEqual({
      action: "change_card",
      card_token: "pm_portal_1",
      order_id: "ord_1",
      subscription_id: "sub_1",
    });
    expect(await screen.findByText("Your card has been updated.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fake.element.destroy).toHaveBeenCalled();
    expect(await screen.findByText("Mastercard ending in 4444")).toBeInTheDocument();
  });

  it("shows the element's error in the dialog and keeps Update Card disabled until the card is complete", async () => {
    const { puts } = renderPortal(() => CHANGED);
    const { dialog, update } = await openDialog();
    fake.change({ complete: false, error: { message: "Your card number is invalid." } });
    expect(within(dialog).getByRole("alert")).toHaveTextContent(BILLING_TEXTS.invalidCard);
    expect(update).toBeDisabled();
    fireEvent.click(update);
    expect(fake.createPaymentMethod).not.toHaveBeenCalled();

    fake.change({ complete: true });
    await waitFor(() => expect(update).toBeEnabled());
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });

  it("shows Stripe's error when the PaymentMethod cannot be made, and sends nothing", async () => {
    const { puts } = renderPortal(() => CHANGED);
    const { dialog, update } = await openDialog();
    fake.createPaymentMethod.mockResolvedValueOnce({ error: { message: "Your card was declined." } });
    fake.change({ complete: true });
    await waitFor(() => expect(update).toBeEnabled());
    fireEvent.click(update);
    expect(await within(dialog).findByText("Your card was declined.")).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    // Editing the card clears the message.
    fake.change({ complete: true });
    expect(within(dialog).queryByText("Your card was declined.")).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    const { puts } = renderPortal(() => ({
      status: "FAILED",
      subscription_status: "active",
      message: BILLING_TEXTS.invalidCard,
      change_timing: null,
    }));
    const { dialog, update } = await openDialog();
    fake.change({ complete: true });
    await waitFor(() => expect(update).toBeEnabled());
    fireEvent.click(update);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(await within(dialog).findByText(BILLING_TEXTS.invalidCard)).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Change card" })).toBeInTheDocument();
  });

  it("with the test processor keeps the hosted card page and never loads Stripe.js", async () => {
    renderPortal(() => CHANGED, {
      ...STRIPE,
      card: {
        processor: "test",
        test_mode: true,
        card_page_url: "/api/checkout/test-processor/card",
        publishable_key: null,
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Change Card" }));
    const dialog = await screen.findByRole("dialog", { name: "Change card" });
    expect(await within(dialog).findByTitle("Card details")).toBeInTheDocument();
    expect(within(dialog).queryByTestId("stripe-card")).not.toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
  });
});
