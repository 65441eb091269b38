import type { AuthResponse } from "@hearth/contracts";
import { ROLE_PERMISSIONS } from "@hearth/contracts";
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { makeSession, makeUser, SessionStub } from "../../../test/session-fixtures";
import { CheckoutSuccessPage, readSuccessOrder } from "./checkout-success-page";

const ROUTE =
  "/checkout/success?orderTotal=1784&order_id=ord_1&subscription_id=sub_1&transactionID=ch_1&plan=basic_1m&date=2026-01-02T03%3A04%3A05.000Z&currency=USD";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("checkout success", () => {
  it("reads the order from its query parameters", () => {
    const order = readSuccessOrder(new URL(ROUTE, "http://x").searchParams);
    expect(order).toMatchObject({
      plan: "basic_1m",
      orderTotal: 1784,
      currency: "USD",
      orderId: "ord_1",
      subscriptionId: "sub_1",
      transactionId: "ch_1",
    });
    expect(order.date?.toISOString()).toBe("2026-01-02T03:04:05.000Z");
    expect(readSuccessOrder(new URLSearchParams("plan=gold&orderTotal=x&date=nope"))).toMatchObject({
      plan: null,
      orderTotal: null,
      date: null,
    });
  });

  it("shows the order and refreshes the auth token 5 seconds after arrival", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const upgraded = makeUser({ role: "basic", permissions: [...ROLE_PERMISSIONS.basic] });
    const refreshed: AuthResponse = { access_token: "new-token", user: upgraded };
    const fetchMock = stubApi({ "/api/auth/refresh": () => json(refreshed) });
    const adoptSession = vi.fn((auth: AuthResponse) => auth.user);
    const session = makeSession({ status: "member", user: makeUser(), adoptSession });
    renderWithProviders(
      <SessionStub value={session}>
        <CheckoutSuccessPage />
      </SessionStub>,
      { route: ROUTE },
    );
    expect(screen.getByRole("heading", { name: "Thank you!" })).toBeInTheDocument();
    expect(screen.getByText("True Supporter (monthly)")).toBeInTheDocument();
    expect(screen.getByText("$17.84")).toBeInTheDocument();
    expect(screen.getByText("ord_1")).toBeInTheDocument();
    expect(screen.getByText("sub_1")).toBeInTheDocument();
    expect(screen.getByText("ch_1")).toBeInTheDocument();

    const refreshCalls = () =>
      fetchMock.mock.calls.filter(([input]) => String(input).includes("/api/auth/refresh")).length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4900);
    });
    expect(refreshCalls()).toBe(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(refreshCalls()).toBe(1);
    await vi.waitFor(() => expect(adoptSession).toHaveBeenCalledWith(refreshed));
  });
});
