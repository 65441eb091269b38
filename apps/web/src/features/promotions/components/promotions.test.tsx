import { PROMOTION_TEXTS, type SalePage as SalePageData, type SaleStatus } from "@hearth/contracts";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, makePublicCharacter, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { makeSession, makeUser, SessionStub } from "../../../test/session-fixtures";
import { BirthdayBanner } from "./birthday-banner";
import { EasterPage } from "./easter-page";
import { SalePage } from "./sale-page";

const ENDS_AT = new Date(Date.now() + (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000).toISOString();
const STATUS: SaleStatus = {
  active: true,
  starts_at: new Date(Date.now() - 86_400_000).toISOString(),
  ends_at: ENDS_AT,
  banner_price: 99,
};

const offer = (
  role: "minimal" | "basic" | "premium",
  name: string,
  price: number,
  list: number,
  pct: number,
) => ({
  role,
  name,
  plan_id: `${role}_1m` as const,
  offer_id: `sale-${role}-1m`,
  price,
  list_price: list,
  percent_off: pct,
});

const PAGE: SalePageData = {
  starts_at: "2026-05-30T00:00:00.000Z",
  ends_at: ENDS_AT,
  banner_price: 99,
  first_month: [
    offer("minimal", "Get a Taste", 99, 499, 80),
    offer("basic", "True Supporter", 749, 1499, 50),
    offer("premium", "I'm All In", 1099, 2499, 56),
  ],
  annual: [],
  popular: [
    {
      name: "Overall",
      tag: null,
      characters: [makePublicCharacter({ name: "Aria", num_messages: 1_250_000 })],
    },
    { name: "Anime", tag: "anime", characters: [] },
    { name: "Game", tag: "game", characters: [] },
  ],
  community: [{ label: "Discord", url: "https://discord.com/" }],
};

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("SalePage", () => {
  it("renders nothing while loading, then goes to /not-found when no sale runs", async () => {
    let answer: (response: Response) => void = () => {};
    stubApi({ "/api/sale": () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { container } = renderWithProviders(<SalePage />, { route: "/sale" });
    expect(screen.queryByRole("heading")).toBeNull();
    expect(container.textContent).toBe("/sale");
    await act(async () =>
      answer(json({ error: { code: "not_found", message: "The sale is not running." } }, 404)),
    );
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/not-found"));
    expect(screen.queryByRole("heading")).toBeNull();
  });

  it("shows the countdown, the three first-month offers opening checkout with the offer, and message counts", async () => {
    stubApi({ "/api/sale": () => json(PAGE) });
    renderWithProviders(<SalePage />, { route: "/sale" });
    expect(
      await screen.findByRole("heading", { level: 1, name: PROMOTION_TEXTS.saleTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole("timer").getAttribute("aria-label")).toMatch(
      /^Sale ends in 2 days, 3 hours, 4 minutes/,
    );
    const taste = screen.getByRole("link", { name: /^Claim 80% off\s+Get a Taste for \$0\.99$/ });
    expect(taste).toHaveAttribute("href", "/checkout?plan_id=minimal_1m&o_id=sale-minimal-1m");
    expect(
      screen.getByRole("link", { name: /^Claim 50% off\s+True Supporter for \$7\.49$/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("link", { name: /^Claim 56% off\s+I'm All In for \$10\.99$/ }),
    ).toBeInTheDocument();
    const aria = screen.getByRole("link", { name: /Aria/ });
    expect(aria).toHaveAttribute("href", `/chatbot/${PAGE.popular[0]?.characters[0]?.id}`);
    expect(aria).toHaveTextContent("1.3M messages");
    expect(screen.getByText("Coming soon")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Discord/ })).toHaveAttribute("href", "https://discord.com/");
    // No closed leaderboard month (the stub answers 404): no showcase.
    expect(screen.queryByRole("heading", { name: "Creators Showcase" })).toBeNull();
  });
});

describe("Creators Showcase", () => {
  it("shows the latest closed month's top creators with Learn More", async () => {
    const entry = (rank: number, creator: string, type: "All Bots" | "New Bots") => ({
      id: `${type}-${rank}`,
      date: "2026-10",
      type,
      rank,
      creator_username: creator,
      number_of_characters: 3,
      score: 12_345 - rank,
      movement: 0,
      avatar_url: null,
      prize: "premium" as const,
    });
    const asked: string[] = [];
    stubApi({
      "/api/sale": () => json(PAGE),
      "/api/creators/leaderboard": (url) => {
        asked.push(url.search);
        const type = url.searchParams.get("type") === "new_bots" ? "new_bots" : "all_bots";
        const name = type === "new_bots" ? "New Bots" : "All Bots";
        return json({
          months: [
            { date: "2026-11", provisional: true },
            { date: "2026-10", provisional: false },
          ],
          date: url.searchParams.get("date") ?? "2026-11",
          type,
          provisional: !url.searchParams.get("date"),
          hits: [entry(1, `${type}_first`, name), entry(2, `${type}_second`, name)],
          page: 1,
          total_pages: 1,
          total: 2,
        });
      },
    });
    renderWithProviders(<SalePage />, { route: "/sale" });
    expect(await screen.findByRole("heading", { name: "Creators Showcase" })).toBeInTheDocument();
    expect(screen.getByText(/in October 2026/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "all_bots_first" })).toHaveAttribute(
      "href",
      "/creator/all_bots_first",
    );
    expect(screen.getByRole("link", { name: "new_bots_second" })).toBeInTheDocument();
    expect(screen.getAllByText("12.3k").length).toBeGreaterThan(0);
    expect(screen.getByRole("link", { name: /Learn More/ })).toHaveAttribute("href", "/creators/leaderboard");
    expect(asked).toContain("?type=new_bots&date=2026-10");
  });
});

describe("BirthdayBanner", () => {
  it("links to /sale with the countdown and $0.99, and stays dismissed for this sale", async () => {
    stubApi({ "/api/sale/status": () => json(STATUS) });
    const first = renderWithProviders(<BirthdayBanner />);
    const banner = await screen.findByRole("region", { name: "Birthday sale" });
    expect(banner).toHaveTextContent("$0.99");
    expect(screen.getByRole("link", { name: "See the birthday sale" })).toHaveAttribute("href", "/sale");
    expect(screen.getByRole("timer")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Dismiss birthday banner" }));
    expect(screen.queryByRole("region", { name: "Birthday sale" })).toBeNull();
    first.unmount();

    renderWithProviders(<BirthdayBanner />);
    await waitFor(() => expect(screen.getByTestId("location")).toBeInTheDocument());
    await act(async () => {});
    expect(screen.queryByRole("region", { name: "Birthday sale" })).toBeNull();
  });

  it("is absent while no sale runs", async () => {
    const fetchMock = stubApi({ "/api/sale/status": () => json({ ...STATUS, active: false }) });
    renderWithProviders(<BirthdayBanner />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.queryByRole("region", { name: "Birthday sale" })).toBeNull();
  });
});

describe("EasterPage", () => {
  it("shows the code to a subscriber with a Copied tooltip for 2 seconds", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    stubApi({
      "/api/promotions/easter": () =>
        json({ code: "EASTER25", percent_off: 25, amount_off: null, expires_at: null }),
    });
    const session = makeSession({ status: "member", user: makeUser({ role: "basic" }) });
    renderWithProviders(
      <SessionStub value={session}>
        <EasterPage />
      </SessionStub>,
    );
    expect(await screen.findByText("EASTER25")).toBeInTheDocument();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy code EASTER25" })));
    expect(writeText).toHaveBeenCalledWith("EASTER25");
    expect(screen.getByRole("tooltip")).toHaveTextContent("Copied");
    await act(async () => vi.advanceTimersByTime(1900));
    expect(screen.getByRole("tooltip")).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.queryByRole("tooltip")).toBeNull();
    vi.useRealTimers();
  });

  it("tells a member without a subscription the spec's message, with no code", async () => {
    stubApi({
      "/api/promotions/easter": () =>
        json({ error: { code: "forbidden", message: PROMOTION_TEXTS.easterNonPremium } }, 403),
    });
    const session = makeSession({ status: "member", user: makeUser({ role: "free" }) });
    renderWithProviders(
      <SessionStub value={session}>
        <EasterPage />
      </SessionStub>,
    );
    expect(await screen.findByText(PROMOTION_TEXTS.easterNonPremium)).toBeInTheDocument();
    expect(screen.queryByText("EASTER25")).toBeNull();
  });
});
