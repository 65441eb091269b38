import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, makeConfig, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { makeSession, makeUser, SessionStub } from "../../../test/session-fixtures";
import { PlanComparisonPage } from "./plan-comparison-page";
import { CRYPTO_UNAVAILABLE_TEXT, SubscribeCryptoPage } from "./subscribe-crypto-page";
import { SubscribeOldPage } from "./subscribe-old-page";

afterEach(() => vi.unstubAllGlobals());

describe("PlanComparisonPage", () => {
  it("compares every tier monthly by default", () => {
    stubApi({});
    renderWithProviders(<PlanComparisonPage />, {
      route: "/plan-comparison/weekly",
      path: "/plan-comparison/:frequency",
    });
    const table = screen.getByRole("table", { name: "Monthly plans compared" });
    for (const name of ["Free", "Get a Taste", "True Supporter", "I'm All In"]) {
      expect(within(table).getByRole("columnheader", { name: new RegExp(name) })).toBeInTheDocument();
    }
    expect(within(table).getByRole("columnheader", { name: /\$14\.99\/month/ })).toBeInTheDocument();
    const voice = within(table).getByRole("row", { name: /Voice replies/ });
    expect(within(voice).getAllByText("Not included")).toHaveLength(3);
    expect(within(voice).getAllByText("Included")).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Monthly" })).toHaveAttribute("aria-current", "page");
  });

  it("compares monthly at /plan-comparison, without a frequency", () => {
    stubApi({});
    renderWithProviders(<PlanComparisonPage />, { route: "/plan-comparison", path: "/plan-comparison" });
    const table = screen.getByRole("table", { name: "Monthly plans compared" });
    expect(within(table).getByRole("columnheader", { name: /\$14\.99\/month/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Monthly" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Annual" })).toHaveAttribute("href", "/plan-comparison/annual");
    expect(screen.queryByText("2 months free / 16% Off")).not.toBeInTheDocument();
  });

  it("shows annual prices with the discount label", () => {
    stubApi({});
    renderWithProviders(<PlanComparisonPage />, {
      route: "/plan-comparison/annual",
      path: "/plan-comparison/:frequency",
    });
    expect(screen.getByRole("table", { name: "Annual plans compared" })).toBeInTheDocument();
    expect(screen.getByText("2 months free / 16% Off")).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: /\$249\.99\/year/ })).toBeInTheDocument();
  });
});

describe("SubscribeOldPage", () => {
  it("shows three tier cards, the crypto link, and no platform links unless configured", () => {
    stubApi({});
    renderWithProviders(<SubscribeOldPage />, { route: "/subscribeOld" });
    expect(screen.getAllByRole("article")).toHaveLength(3);
    expect(screen.getByRole("link", { name: "See the crypto plans" })).toHaveAttribute(
      "href",
      "/subscribe-crypto",
    );
    expect(screen.queryByRole("link", { name: /Subscribe on/ })).not.toBeInTheDocument();
  });

  it("links the subscription platforms the operator configured", async () => {
    const config = makeConfig();
    config.settings = { subscribestar_url: "https://www.subscribestar.com/hearth" };
    stubApi({}, config);
    renderWithProviders(<SubscribeOldPage />, { route: "/subscribeOld" });
    expect(await screen.findByRole("link", { name: /Subscribe on SubscribeStar/ })).toHaveAttribute(
      "href",
      "https://www.subscribestar.com/hearth",
    );
  });
});

describe("SubscribeCryptoPage", () => {
  it("lists the crypto prices and asks visitors to sign in to pay", () => {
    stubApi({});
    renderWithProviders(
      <SessionStub value={makeSession({ status: "anonymous" })}>
        <SubscribeCryptoPage />
      </SessionStub>,
      { route: "/subscribe-crypto" },
    );
    expect(screen.getByText("$50.00")).toBeInTheDocument();
    expect(screen.getByText("$15.00")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: /Sign in to pay/ })).toHaveLength(5);
    expect(screen.getByRole("link", { name: /Back to the subscribe page/ })).toHaveAttribute(
      "href",
      "/subscribe",
    );
  });

  it("links each crypto option to checkout with coinpayments chosen when it is configured", async () => {
    stubApi({
      "/api/checkout/purchase-options": () =>
        json({
          default_plan_id: "basic_1m",
          payment_methods: [
            { id: "card", name: "Card", options: [] },
            { id: "coinpayments", name: "CoinPayments", options: [] },
          ],
          card: { processor: "test", test_mode: true, card_page_url: "/card", publishable_key: null },
        }),
    });
    renderWithProviders(
      <SessionStub value={makeSession({ status: "member", user: makeUser() })}>
        <SubscribeCryptoPage />
      </SessionStub>,
      { route: "/subscribe-crypto" },
    );
    const links = await screen.findAllByRole("link", { name: /Pay with crypto/ });
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/checkout?plan_id=minimal_1y&method=coinpayments",
      "/checkout?plan_id=basic_1y&method=coinpayments",
      "/checkout?plan_id=basic_1m&method=coinpayments",
      "/checkout?plan_id=premium_1y&method=coinpayments",
      "/checkout?plan_id=premium_1m&method=coinpayments",
    ]);
  });

  it("says crypto is not available when the server offers no crypto method", async () => {
    stubApi({
      "/api/checkout/purchase-options": () =>
        json({
          default_plan_id: "basic_1m",
          payment_methods: [{ id: "card", name: "Card", options: [] }],
          card: { processor: "test", test_mode: true, card_page_url: "/card", publishable_key: null },
        }),
    });
    renderWithProviders(
      <SessionStub value={makeSession({ status: "member", user: makeUser() })}>
        <SubscribeCryptoPage />
      </SessionStub>,
      { route: "/subscribe-crypto" },
    );
    expect(await screen.findByText(CRYPTO_UNAVAILABLE_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Pay with crypto/ })).not.toBeInTheDocument();
  });
});
