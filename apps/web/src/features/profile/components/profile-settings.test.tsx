import {
  type AppConfig,
  type Me,
  PROFILE_LIMITS,
  ROLE_DISPLAY_NAMES,
  ROLE_PERMISSIONS,
  type Role,
} from "@hearth/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Link, MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeSession, makeUser, SessionStub } from "../../../test/session-fixtures";
import { ProfileSettings, type ProfileSettingsProps } from "./profile-settings";

const config: AppConfig = {
  brand: "adult",
  branding: {
    name: "Hearth",
    logo_url: "",
    logo_small_url: "",
    site_icon_url: "",
    support_url: "",
    terms_url: "/terms",
    privacy_url: "/privacy",
    refund_url: "/refund",
    footer_line_html: "",
    default_theme: "dark",
    adult_content: true,
  },
  partner_mode: false,
  flags: { profile_v2: true },
  settings: {},
  version: "test",
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function stubServer(me: Me, overrides: { config?: AppConfig } = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = init?.method ?? "GET";
    calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.pathname === "/api/config") return json(overrides.config ?? config);
    if (url.pathname === "/api/users/username-availability") return json({ isAvailable: true });
    if (url.pathname === "/api/users/profile" && method === "PUT") {
      const body = JSON.parse(String(init?.body)) as Partial<Me>;
      return json({ ...me, ...body, openai_api_key: undefined });
    }
    return json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderProfile(
  me: Me = makeUser({ username: "ada", name: "Ada" }),
  slots: Omit<ProfileSettingsProps, "removeAccount"> = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = makeSession({ status: "member", user: me, permissions: me.permissions });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionStub value={session}>
        <MemoryRouter initialEntries={["/profile"]}>
          <Link to="/personas">Personas link</Link>
          <Routes>
            <Route path="/profile" element={<ProfileSettings removeAccount={null} {...slots} />} />
            <Route path="*" element={<p>Elsewhere</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </SessionStub>
    </QueryClientProvider>,
  );
  return session;
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // jsdom keeps one history for the whole file: let pending Back steps land, then start clean.
  await new Promise((resolve) => setTimeout(resolve, 20));
  window.history.replaceState(null, "");
});

describe("ProfileSettings validation", () => {
  it.each([
    ["Username", "", "Username can't be empty"],
    ["Username", "ab", "Username is too short"],
    ["Username", "a".repeat(PROFILE_LIMITS.usernameMax + 1), "Username should be less then 20 characters"],
    ["Username", "bad name!", "Username contain invalid characters"],
    ["Name", "", "Name can't be empty"],
    ["Name", "Al", "Name should be of atleast 3 characters"],
    [
      "Name",
      "N".repeat(PROFILE_LIMITS.nameMax + 1),
      `Name should be less than ${PROFILE_LIMITS.nameMax} characters`,
    ],
    [
      "Highlights",
      "h".repeat(PROFILE_LIMITS.highlightsMax + 1),
      `Highlights should be less than ${PROFILE_LIMITS.highlightsMax} characters`,
    ],
  ])("%s %j shows %s and is not sent", async (label, value, message) => {
    const calls = stubServer(makeUser());
    renderProfile();
    type(label, value);
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(label)).toHaveAttribute("aria-invalid", "true");
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
  });

  it("shows the OpenAI key limit inside the advanced section", async () => {
    stubServer(makeUser());
    renderProfile();
    type("OpenAI API key", "k".repeat(PROFILE_LIMITS.openaiKeyMax + 1));
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(
      await screen.findByText(`OpenAI key should be less than ${PROFILE_LIMITS.openaiKeyMax} characters`),
    ).toBeVisible();
  });

  it("saves and shows the saved message for 3 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubServer(makeUser());
    renderProfile();
    type("Username", "Ada_Lovelace");
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Profile saved successfully.")).toBeInTheDocument();
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toMatchObject({ username: "Ada_Lovelace", name: "Ada" });
    expect(put?.body).not.toHaveProperty("openai_api_key");
    act(() => vi.advanceTimersByTime(2800));
    expect(screen.getByText("Profile saved successfully.")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(250));
    expect(screen.queryByText("Profile saved successfully.")).toBeNull();
  });

  it("shows the server's username taken message under the field", async () => {
    stubServer(makeUser());
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/config") return json(config);
      if (init?.method === "PUT") {
        return json({ error: { code: "username_taken", message: "Username is not available" } }, 409);
      }
      return json({ isAvailable: false });
    });
    renderProfile();
    type("Username", "taken_name");
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    const field = screen.getByLabelText("Username");
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getAllByText("Username is not available").length).toBeGreaterThan(0);
  });
});

describe("ProfileSettings layout", () => {
  it("hides the adult-content toggles on the safe-for-work brand", async () => {
    stubServer(makeUser(), {
      config: { ...config, brand: "sfw", branding: { ...config.branding, adult_content: false } },
    });
    renderProfile();
    await screen.findByRole("heading", { name: "Profile" });
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByRole("switch", { name: "Show NSFW content" })).toBeNull();
  });

  it("renders the v1 layout when profile_v2 is off", async () => {
    stubServer(makeUser(), { config: { ...config, flags: { profile_v2: false } } });
    renderProfile();
    expect(await screen.findByRole("heading", { level: 1, name: "Profile Settings" })).toBeInTheDocument();
    expect(await screen.findByRole("switch", { name: "Show NSFW content" })).toBeInTheDocument();
  });

  it("lists benefits for a free member but not for a paid plan", async () => {
    stubServer(makeUser());
    renderProfile();
    const benefits = await screen.findByRole("region", { name: "Your Benefits" });
    expect(within(benefits).getByText("Create characters")).toBeInTheDocument();
    expect(within(benefits).queryByText("Site access")).toBeNull();
    expect(within(benefits).queryByText("Ads")).toBeNull();
  });
});

describe("Plan badge", () => {
  const PAID: { role: Role; name: string }[] = [
    { role: "minimal", name: "Get a Taste" },
    { role: "basic", name: "True Supporter" },
    { role: "premium", name: "I'm All In" },
  ];

  /** The badge beside the "Plan" label (v2) or in the header (v1). */
  async function planBadge(v2: boolean) {
    if (v2) {
      const label = await screen.findByText("Plan", { selector: "span" });
      return label.parentElement as HTMLElement;
    }
    const heading = await screen.findByRole("heading", { level: 1, name: "Profile Settings" });
    return heading.parentElement as HTMLElement;
  }

  for (const v2 of [true, false]) {
    for (const { role, name } of PAID) {
      it(`shows ${name} for a ${role} member, with Manage subscription (${v2 ? "v2" : "v1"} layout)`, async () => {
        const me = makeUser({ role, permissions: [...ROLE_PERMISSIONS[role]] });
        stubServer(me, { config: { ...config, flags: { profile_v2: v2 } } });
        renderProfile(me);
        const place = await planBadge(v2);
        expect(within(place).getByText(name)).toBeInTheDocument();
        expect(within(place).queryByText("Free")).toBeNull();
        expect(ROLE_DISPLAY_NAMES[role]).toBe(name);
        if (v2) {
          expect(within(place).getByRole("link", { name: "Manage subscription" })).toHaveAttribute(
            "href",
            "/manage-subscription",
          );
          expect(within(place).queryByRole("link", { name: /Upgrade/ })).toBeNull();
        }
      });
    }
  }

  it("shows Free with Upgrade for a free member", async () => {
    stubServer(makeUser());
    renderProfile();
    const place = await planBadge(true);
    expect(within(place).getByText("Free")).toBeInTheDocument();
    expect(within(place).getByRole("link", { name: /Upgrade/ })).toHaveAttribute("href", "/subscribe");
  });

  it("follows the session's role: a purchase's refreshed session shows the paid plan at once", async () => {
    const free = makeUser();
    stubServer(free);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = (me: Me) => (
      <QueryClientProvider client={queryClient}>
        <SessionStub value={makeSession({ status: "member", user: me, permissions: me.permissions })}>
          <MemoryRouter initialEntries={["/profile"]}>
            <ProfileSettings removeAccount={null} />
          </MemoryRouter>
        </SessionStub>
      </QueryClientProvider>
    );
    const { rerender } = render(view(free));
    expect(within(await planBadge(true)).getByText("Free")).toBeInTheDocument();
    rerender(view({ ...free, role: "basic", permissions: [...ROLE_PERMISSIONS.basic] }));
    const place = await planBadge(true);
    expect(within(place).getByText("True Supporter")).toBeInTheDocument();
    expect(within(place).queryByText("Free")).toBeNull();
    expect(within(place).getByRole("link", { name: "Manage subscription" })).toBeInTheDocument();
  });
});

describe("Unsaved changes guard", () => {
  it("asks before following a link; Discard leaves without saving", async () => {
    const calls = stubServer(makeUser());
    renderProfile();
    type("Name", "Ada Byron");
    fireEvent.click(screen.getByText("Personas link"));
    const dialog = await screen.findByRole("dialog", { name: "Unsaved Changes" });
    expect(screen.getByTestId("location")).toHaveTextContent("/profile");
    fireEvent.click(within(dialog).getByRole("button", { name: "Discard" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/personas"));
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
  });

  it("Update saves and then leaves", async () => {
    const calls = stubServer(makeUser());
    renderProfile();
    type("Name", "Ada Byron");
    fireEvent.click(screen.getByText("Personas link"));
    const dialog = await screen.findByRole("dialog", { name: "Unsaved Changes" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/personas"));
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({ name: "Ada Byron" });
  });

  it("Update with invalid input stays on the page with the message", async () => {
    stubServer(makeUser());
    renderProfile();
    type("Name", "");
    fireEvent.click(screen.getByText("Personas link"));
    const dialog = await screen.findByRole("dialog", { name: "Unsaved Changes" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Name can't be empty")).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/profile");
  });

  it("lets links through when nothing changed, and asks the browser on tab close when something did", async () => {
    stubServer(makeUser());
    renderProfile();
    const unload = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
    type("Name", "Ada Byron");
    const dirtyUnload = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(dirtyUnload);
    expect(dirtyUnload.defaultPrevented).toBe(true);
    type("Name", "Ada");
    fireEvent.click(screen.getByText("Personas link"));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/personas"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("asks on the browser's Back button and steps back after Discard", async () => {
    stubServer(makeUser());
    renderProfile();
    expect(window.history.state).toBeNull();
    type("Name", "Ada Byron");
    expect(window.history.state).toMatchObject({ hearthUnsavedChanges: true });
    window.history.back();
    const dialog = await screen.findByRole("dialog", { name: "Unsaved Changes" });
    const back = vi.spyOn(window.history, "back");
    fireEvent.click(within(dialog).getByRole("button", { name: "Discard" }));
    expect(back).toHaveBeenCalledTimes(1);
  });

  it("stays after Back when the dialog is closed, guarding the next Back too", async () => {
    stubServer(makeUser());
    renderProfile();
    type("Name", "Ada Byron");
    window.history.back();
    const dialog = await screen.findByRole("dialog", { name: "Unsaved Changes" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(window.history.state).toMatchObject({ hearthUnsavedChanges: true });
    window.history.back();
    expect(await screen.findByRole("dialog", { name: "Unsaved Changes" })).toBeInTheDocument();
  });

  it("asks before logging out with changes", async () => {
    stubServer(makeUser());
    const session = renderProfile();
    const signOut = vi.spyOn(session, "signOut");
    type("Name", "Ada Byron");
    fireEvent.click(screen.getByRole("button", { name: "Logout" }));
    const dialog = await screen.findByRole("dialog", { name: "Unsaved Changes" });
    expect(signOut).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: "Discard" }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it("runs Sign out everywhere through the same check, and shows the security section", async () => {
    stubServer(makeUser());
    const leave = vi.fn();
    renderProfile(undefined, {
      signOutEverywhere: (guard) => (
        <button type="button" onClick={() => guard(leave)}>
          Sign out everywhere
        </button>
      ),
      security: <section aria-label="Security stub" />,
    });
    expect(screen.getByRole("region", { name: "Security stub" })).toBeInTheDocument();
    type("Name", "Ada Byron");
    fireEvent.click(screen.getByRole("button", { name: "Sign out everywhere" }));
    const dialog = await screen.findByRole("dialog", { name: "Unsaved Changes" });
    expect(leave).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: "Discard" }));
    expect(leave).toHaveBeenCalledTimes(1);
  });
});
