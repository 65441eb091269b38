import { SUBSCRIBESTAR_TEXTS, type SubscribeStarLink } from "@hearth/contracts";
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { makeSession, makeUser, SessionStub } from "../../../test/session-fixtures";
import { LinkSubscribeStar } from "./link-subscribestar";
import { WelcomeSubscribeStar } from "./welcome-subscribestar";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const link: SubscribeStarLink = {
  subscribestar_user_id: "77",
  name: "Star Fan",
  tier_id: "t1",
  price: 1499,
  role: "basic",
  active: true,
  linked_at: "2026-01-01T00:00:00.000Z",
  checked_at: "2026-01-01T00:00:00.000Z",
};
const status =
  (available: boolean, linked: SubscribeStarLink | null = null) =>
  () =>
    json({ available, link: linked });

function renderLink(
  props: { transientId?: string; code?: string },
  reloadUser = vi.fn(() => Promise.resolve(null)),
) {
  return renderWithProviders(
    <SessionStub value={makeSession({ status: "member", user: makeUser(), reloadUser })}>
      <LinkSubscribeStar transientId={props.transientId ?? null} code={props.code ?? null} denied={false} />
    </SessionStub>,
  );
}

describe("LinkSubscribeStar", () => {
  it("says linking is not available on a server without SubscribeStar", async () => {
    stubApi({ "/api/link/subscribestar": status(false) });
    renderLink({});
    expect(await screen.findByText(SUBSCRIBESTAR_TEXTS.unavailable)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Link SubscribeStar/ })).not.toBeInTheDocument();
  });

  it("idle: shows the linked account and its plan", async () => {
    stubApi({ "/api/link/subscribestar": status(true, link) });
    renderLink({});
    expect(await screen.findByRole("heading", { level: 1, name: "Link SubscribeStar" })).toBeInTheDocument();
    expect(screen.getByText("Star Fan")).toBeInTheDocument();
    expect(screen.getByText("Plan: True Supporter")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Link again" })).toBeEnabled();
  });

  it("linking then success: sends the code, redirect and attempt, and reloads the member", async () => {
    const reloadUser = vi.fn(() => Promise.resolve(null));
    const fetchMock = stubApi({
      "/api/link/subscribestar": status(true),
      "/api/link/subscribestar/oauth": () =>
        json({
          status: "success",
          role: "premium",
          plan_id: "premium_1m",
          link: { ...link, role: "premium" },
        }),
    });
    renderLink({ transientId: "att1", code: "code1" }, reloadUser);
    expect(screen.getByRole("heading", { name: "Linking your SubscribeStar account…" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Account linked" })).toBeInTheDocument();
    expect(screen.getByText(SUBSCRIBESTAR_TEXTS.linked)).toBeInTheDocument();
    expect(screen.getByText("I'm All In")).toBeInTheDocument();
    expect(reloadUser).toHaveBeenCalled();
    const called = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), "http://localhost"))
      .find((url) => url.pathname === "/api/link/subscribestar/oauth");
    expect(called?.searchParams.get("subscribestar_code")).toBe("code1");
    expect(called?.searchParams.get("transient_id")).toBe("att1");
    expect(called?.searchParams.get("redirect_url")).toBe(`${window.location.origin}/link/subscribestar`);
  });

  it("invalid_pledge: No active pledge found", async () => {
    stubApi({
      "/api/link/subscribestar": status(true),
      "/api/link/subscribestar/oauth": () =>
        json({ error: { code: "invalid_pledge", message: SUBSCRIBESTAR_TEXTS.serverNoPledge } }, 422),
    });
    renderLink({ transientId: "att1", code: "code1" });
    expect(await screen.findByRole("heading", { name: SUBSCRIBESTAR_TEXTS.noPledge })).toBeInTheDocument();
  });

  it("error: the error message with reload, and the server's reason when it has one", async () => {
    stubApi({
      "/api/link/subscribestar": status(true),
      "/api/link/subscribestar/oauth": () =>
        json(
          {
            error: {
              code: "subscribestar_link_failed",
              message: "This SubscribeStar account is already linked to another account.",
            },
          },
          409,
        ),
    });
    renderLink({ transientId: "att1", code: "code1" });
    expect(await screen.findByText(SUBSCRIBESTAR_TEXTS.error)).toBeInTheDocument();
    expect(
      screen.getByText("This SubscribeStar account is already linked to another account."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
  });
});

describe("WelcomeSubscribeStar", () => {
  it.each([
    ["member", "/link/subscribestar"],
    ["anonymous", "/"],
  ] as const)("redirects a %s after 10 seconds to %s", async (who, target) => {
    vi.useFakeTimers();
    stubApi({});
    renderWithProviders(
      <SessionStub value={makeSession({ status: who, user: who === "member" ? makeUser() : null })}>
        <WelcomeSubscribeStar />
      </SessionStub>,
      { route: "/welcome/subscribestar" },
    );
    expect(screen.getByRole("heading", { name: "Thanks for subscribing!" })).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(9_000);
    });
    expect(screen.getByTestId("location")).toHaveTextContent("/welcome/subscribestar");
    await act(async () => {
      vi.advanceTimersByTime(1_500);
    });
    expect(screen.getByTestId("location").textContent).toBe(target);
  });
});
