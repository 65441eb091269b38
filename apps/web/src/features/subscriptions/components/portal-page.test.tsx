import type { StickyActionBody, StickyActionResponse, Subscription } from "@hearth/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { makeSession, makeUser, SessionStub } from "../../../test/session-fixtures";
import { makeHistoryEntry, makeSubscription, product } from "../test/fixtures";
import { PortalPage } from "./portal-page";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

type Answer = (
  body: StickyActionBody,
  current: Subscription,
) => { response: StickyActionResponse; next?: Subscription };

/** Renders the portal over a stub server whose subscription changes with the answers to PUT. */
function renderPortal(
  start: Subscription | null,
  answer?: Answer,
  session = makeSession({ status: "member", user: makeUser({ role: "basic" }) }),
) {
  let current = start;
  const fetchMock = stubApi({
    "/api/subscriptions/sticky": (_url, init) => {
      if (init?.method === "PUT" && answer && current) {
        const { response, next } = answer(JSON.parse(String(init.body)) as StickyActionBody, current);
        current = next ?? { ...current, subscription_status: response.subscription_status };
        return json(response);
      }
      return json({ data: current ? [current] : [] });
    },
    "/api/billing/history": () => json({ data: start ? [makeHistoryEntry()] : [] }),
    "/api/checkout/purchase-options": () =>
      json({
        default_plan_id: "basic_1m",
        payment_methods: [{ id: "card", name: "Card", options: [] }],
        card: {
          processor: "test",
          test_mode: true,
          card_page_url: "/api/checkout/test-processor/card",
          publishable_key: null,
        },
      }),
    "/api/auth/refresh": () => json({ access_token: "new-token", user: makeUser({ role: "premium" }) }),
  });
  const view = renderWithProviders(
    <SessionStub value={session}>
      <PortalPage />
    </SessionStub>,
    { route: "/manage-subscription", path: "/manage-subscription" },
  );
  return { fetchMock, ...view };
}

const ok = (
  subscription_status: Subscription["subscription_status"],
  message: string,
): StickyActionResponse => ({
  status: "SUCCESS",
  subscription_status,
  message,
  change_timing: null,
});

describe("PortalPage", () => {
  it("asks visitors who are not signed in to sign in, staying on the public page", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionStub value={makeSession({ status: "anonymous" })}>
          <MemoryRouter initialEntries={["/manage-subscription"]}>
            <Routes>
              <Route path="/manage-subscription" element={<PortalPage />} />
            </Routes>
          </MemoryRouter>
        </SessionStub>
      </QueryClientProvider>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Manage subscription" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      "/login?redirect=%2Fmanage-subscription",
    );
  });

  it("offers the plans when there is no subscription", async () => {
    renderPortal(null);
    expect(await screen.findByText("You don't have a subscription yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/subscribe");
    expect(await screen.findByText("No payments yet.")).toBeInTheDocument();
  });

  it("shows the subscription, the card and the billing history", async () => {
    renderPortal(makeSubscription());
    expect(await screen.findByRole("heading", { name: "True Supporter" })).toBeInTheDocument();
    expect(screen.getByText("Active")).toBeInTheDocument();
    expect(screen.getByText(/\$14\.99\/month plus taxes · Monthly Subscription/)).toBeInTheDocument();
    expect(screen.getByText(/^Renews on /)).toBeInTheDocument();
    expect(screen.getByText("Visa ending in 4242")).toBeInTheDocument();
    expect(await screen.findByText("True Supporter (monthly)")).toBeInTheDocument();
    expect(screen.getByText("$17.99")).toBeInTheDocument();
    for (const name of ["Change Plan", "Change Card", "Cancel"]) {
      expect(screen.getByRole("button", { name })).toBeEnabled();
    }
    expect(screen.queryByRole("button", { name: "Uncancel" })).not.toBeInTheDocument();
  });

  it("says 'Yearly Subscription' for an annual plan", async () => {
    renderPortal(
      makeSubscription({
        current_product: product("premium_1y"),
        billing_frequency: "annual",
        frequency: "Yearly Subscription",
      }),
    );
    expect(await screen.findByText(/\$249\.99\/year plus taxes · Yearly Subscription/)).toBeInTheDocument();
  });

  it("cancels after confirming, shows the server's message under the card, then uncancels", async () => {
    const { fetchMock } = renderPortal(makeSubscription(), (body) =>
      body.action === "cancel"
        ? { response: ok("cancelled", "Your subscription is cancelled.") }
        : { response: ok("active", "Your subscription is active again.") },
    );
    fireEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel your subscription?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel subscription" }));
    expect(await screen.findByText("Your subscription is cancelled.")).toBeInTheDocument();
    expect(await screen.findByText("Cancelled")).toBeInTheDocument();
    expect(screen.getByText(/^Access ends on /)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Change Plan" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Cancel" })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Uncancel" }));
    expect(await screen.findByText("Your subscription is active again.")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Cancel" })).toBeEnabled();
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === "PUT");
    expect(puts.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { action: "cancel", order_id: "ord_1", subscription_id: "sub_1" },
      { action: "uncancel", order_id: "ord_1", subscription_id: "sub_1" },
    ]);
  });

  it("in grace shows the payment-failed text and Pay amount due; a failed rebill's message replaces it", async () => {
    renderPortal(
      makeSubscription({
        subscription_status: "grace",
        amount_due: 1799,
        grace_until: "2026-03-12T12:00:00Z",
      }),
      () => ({
        response: {
          status: "FAILED",
          subscription_status: "grace",
          message: "Your card was declined.",
          change_timing: null,
        },
      }),
    );
    expect(
      await screen.findByText(
        "Your payment failed. Please update your payment method to avoid losing access.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("Payment due")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Pay amount due ($17.99)" }));
    expect(await screen.findByText("Your card was declined.")).toBeInTheDocument();
    expect(
      screen.queryByText("Your payment failed. Please update your payment method to avoid losing access."),
    ).not.toBeInTheDocument();
    expect(screen.getAllByText("Your card was declined.")).toHaveLength(1);
  });

  it("when expired says so and reactivates through checkout with the next plan", async () => {
    renderPortal(makeSubscription({ subscription_status: "expired", next_product: product("premium_1m") }));
    expect(await screen.findByText("Your subscription has expired.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Reactivate" })).toHaveAttribute(
      "href",
      "/checkout?plan_id=premium_1m",
    );
    // Both go to checkout (spec 2): Choose Plan with the purchase options' default plan.
    expect(screen.getByRole("link", { name: "Choose Plan" })).toHaveAttribute("href", "/checkout");
    expect(screen.queryByRole("button", { name: "Cancel" })).not.toBeInTheDocument();
  });

  it("offers no actions when the platform does not allow managing the subscription here", async () => {
    renderPortal(makeSubscription({ can_manage: false, platform: "ios" }));
    expect(await screen.findByText(/can't be managed here/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Change Plan" })).not.toBeInTheDocument();
  });

  it("changes plan, reloads the subscription and refreshes the token 5 s later", async () => {
    const adoptSession = vi.fn((auth: { user: ReturnType<typeof makeUser> }) => auth.user);
    const session = makeSession({ status: "member", user: makeUser({ role: "basic" }), adoptSession });
    const { fetchMock } = renderPortal(
      makeSubscription(),
      (_body, current) => ({
        response: { ...ok("active", "Your plan has been changed."), change_timing: "DISPLAY_PRICE" },
        next: { ...current, current_product: product("premium_1m") },
      }),
      session,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Change Plan" }));
    const dialog = await screen.findByRole("dialog", { name: "Change plan" });
    fireEvent.click(within(dialog).getByRole("radio", { name: /I'm All In/ }));
    expect(dialog).toHaveTextContent("You'll pay $12.10 now, taxes included");
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole("button", { name: "Pay $12.10 and switch" }));
    expect(await screen.findByText("Your plan has been changed.")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "I'm All In" })).toBeInTheDocument();
    const refreshes = () => fetchMock.mock.calls.filter(([url]) => String(url).includes("/auth/refresh"));
    expect(refreshes()).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    await waitFor(() => expect(adoptSession).toHaveBeenCalledTimes(1));
    expect(refreshes()).toHaveLength(1);
  });

  it("enables Update Card only once the card frame reports a valid card, then changes it", async () => {
    const { fetchMock } = renderPortal(makeSubscription(), (_body, current) => ({
      response: ok("active", "Your card has been updated."),
      next: { ...current, credit_card: { last_4: "1111", type: "visa" } },
    }));
    fireEvent.click(await screen.findByRole("button", { name: "Change Card" }));
    const dialog = await screen.findByRole("dialog", { name: "Change card" });
    const frame = await within(dialog).findByTitle("Card details");
    expect(frame).toHaveAttribute("src", "/api/checkout/test-processor/card");
    const update = within(dialog).getByRole("button", { name: "Update Card" });
    expect(update).toBeDisabled();

    const post = (data: unknown, source: Window | null) =>
      act(() => {
        window.dispatchEvent(new MessageEvent("message", { data, origin: window.location.origin, source }));
      });
    const valid = {
      type: "hearth:card",
      valid: true,
      token: "tok_1",
      last_4: "1111",
      brand: "Visa",
      exp: "12/30",
    };
    // From another window: ignored.
    post(valid, window);
    expect(update).toBeDisabled();
    post(valid, (frame as HTMLIFrameElement).contentWindow);
    expect(update).toBeEnabled();
    post({ type: "hearth:card", valid: false }, (frame as HTMLIFrameElement).contentWindow);
    expect(update).toBeDisabled();
    post(valid, (frame as HTMLIFrameElement).contentWindow);

    fireEvent.click(update);
    expect(await screen.findByText("Your card has been updated.")).toBeInTheDocument();
    expect(await screen.findByText("Visa ending in 1111")).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      action: "change_card",
      card_token: "tok_1",
      order_id: "ord_1",
      subscription_id: "sub_1",
    });
  });
});
