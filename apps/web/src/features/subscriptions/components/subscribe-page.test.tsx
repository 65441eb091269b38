import type { StickyActionResponse, Subscription } from "@hearth/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { makeSession, makeUser, SessionStub } from "../../../test/session-fixtures";
import { makeSubscription, makeYearlySubscription } from "../test/fixtures";
import { SubscribePage } from "./subscribe-page";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const member = makeSession({ status: "member", user: makeUser() });

function renderPage(subscriptions: Subscription[], onPut?: (body: unknown) => StickyActionResponse) {
  const fetchMock = stubApi({
    "/api/subscriptions/sticky": (_url, init) => {
      if (init?.method === "PUT" && onPut) return json(onPut(JSON.parse(String(init.body))));
      return json({ data: subscriptions });
    },
    "/api/billing/history": () => json({ data: [] }),
  });
  renderWithProviders(
    <SessionStub value={member}>
      <SubscribePage />
    </SessionStub>,
    { route: "/subscribe" },
  );
  return fetchMock;
}

describe("SubscribePage", () => {
  it("sends a member without a subscription to checkout with the plan, monthly first", async () => {
    renderPage([]);
    const link = await screen.findByRole("link", { name: /Choose True Supporter/ });
    expect(link).toHaveAttribute("href", "/checkout?plan_id=basic_1m");
    expect(screen.getByRole("tab", { name: /Monthly/ })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("Skip The Line for $0.17 per day")).toBeInTheDocument();
    expect(screen.getByText("$14.99")).toBeInTheDocument();
    expect(screen.getAllByText("plus taxes").length).toBe(3);
    expect(screen.getByRole("link", { name: /Compare plans/ })).toHaveAttribute(
      "href",
      "/plan-comparison/monthly",
    );
    expect(screen.getByRole("heading", { name: "Frequently asked questions" })).toBeInTheDocument();
  });

  it("switches to annual plans with the discount label, by click or arrow key", async () => {
    renderPage([]);
    await screen.findByRole("link", { name: /Choose True Supporter/ });
    fireEvent.keyDown(screen.getByRole("tab", { name: /Monthly/ }), { key: "ArrowRight" });
    const annual = screen.getByRole("tab", { name: /Annual/ });
    expect(annual).toHaveAttribute("aria-selected", "true");
    expect(annual).toHaveFocus();
    expect(screen.getByRole("link", { name: /Choose I'm All In/ })).toHaveAttribute(
      "href",
      "/checkout?plan_id=premium_1y",
    );
    expect(screen.getAllByText("2 months free / 16% Off").length).toBeGreaterThan(1);
    expect(screen.getByRole("link", { name: /Compare plans/ })).toHaveAttribute(
      "href",
      "/plan-comparison/annual",
    );
  });

  it("shows a yearly subscriber the annual plans only, without tabs", async () => {
    renderPage([makeYearlySubscription()]);
    expect(await screen.findByText(/You're on a yearly plan/)).toBeInTheDocument();
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Switch to I'm All In" })).toBeEnabled();
    expect(screen.getByText("$249.99")).toBeInTheDocument();
    expect(screen.queryByText("$24.99")).not.toBeInTheDocument();
  });

  it("never lets the current plan be chosen", async () => {
    renderPage([makeSubscription()]);
    expect(await screen.findByRole("button", { name: "Your current plan" })).toBeDisabled();
    expect(screen.queryByRole("link", { name: /Choose/ })).not.toBeInTheDocument();
  });

  it("shows the price to pay now for an upgrade, then changes the plan and shows the server's message", async () => {
    const fetchMock = renderPage([makeSubscription()], () => ({
      status: "SUCCESS",
      subscription_status: "active",
      message: "Your plan has been changed.",
      change_timing: "DISPLAY_PRICE",
    }));
    fireEvent.click(await screen.findByRole("button", { name: "Switch to I'm All In" }));
    const dialog = await screen.findByRole("dialog", { name: "Change plan" });
    expect(within(dialog).getByRole("radio", { name: /I'm All In/ })).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: /True Supporter/ })).toBeDisabled();
    expect(dialog).toHaveTextContent("You'll pay $12.10 now, taxes included");
    fireEvent.click(within(dialog).getByRole("button", { name: "Pay $12.10 and switch" }));
    expect(await screen.findByText("Your plan has been changed.")).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      action: "change_plan",
      plan_id: "premium_1m",
      order_id: "ord_1",
      subscription_id: "sub_1",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("says a downgrade takes effect at the next billing cycle", async () => {
    renderPage([makeSubscription()]);
    fireEvent.click(await screen.findByRole("button", { name: "Switch to Get a Taste" }));
    const dialog = await screen.findByRole("dialog", { name: "Change plan" });
    expect(dialog).toHaveTextContent("Changes will be effective on the next billing cycle.");
    expect(within(dialog).getByRole("button", { name: "Confirm change" })).toBeEnabled();
  });

  it("disables changes while the subscription is cancelled", async () => {
    renderPage([makeSubscription({ subscription_status: "cancelled" })]);
    expect(await screen.findByRole("button", { name: "Switch to I'm All In" })).toBeDisabled();
    expect(screen.getAllByText(/Uncancel it from Manage subscription/).length).toBe(2);
  });

  it("goes to checkout again after the subscription expired", async () => {
    renderPage([makeSubscription({ subscription_status: "expired" })]);
    expect(await screen.findByRole("link", { name: /Choose True Supporter/ })).toHaveAttribute(
      "href",
      "/checkout?plan_id=basic_1m",
    );
  });
});
