import type { Character } from "@hearth/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { viewerKeyOf } from "../lib/session";
import { json, makeCharacter, stubApi } from "../test/app-fixtures";
import { makeSession, makeUser, SessionStub } from "../test/session-fixtures";
import { HomePage } from "./home-page";
import { RecommendedPage } from "./recommended-page";

/** The characters grid (the rows above it show some of the same characters). */
const grid = () => within(screen.getByRole("region", { name: /characters$/ }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const aria = makeCharacter({ id: "c1", name: "Aria" });
const blockedBot = makeCharacter({ id: "c2", name: "Blocked Bot", creator_user_id: "blocked-creator" });
const spicy = makeCharacter({ id: "c3", name: "Spicy", is_nsfw: true });

/** A fake `GET /api/characters` answering what the server would for whoever is asking right now. */
function stubCharacters() {
  const server = { answer: [aria, blockedBot] as Character[] };
  const fetchMock = stubApi({ "/api/characters": () => json({ data: server.answer, next_cursor: null }) });
  const characterCalls = () =>
    fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/characters?")).length;
  return { server, characterCalls };
}

/** A page inside one query cache for the whole test, with the session given (loading at first). */
function renderWithSession(page: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  const ui = (session: ReturnType<typeof makeSession>) => (
    <QueryClientProvider client={queryClient}>
      <SessionStub value={session}>
        <MemoryRouter>{page}</MemoryRouter>
      </SessionStub>
    </QueryClientProvider>
  );
  const result = render(ui(makeSession({ status: "loading" })));
  return { show: (session: ReturnType<typeof makeSession>) => result.rerender(ui(session)) };
}

const member = (showNsfw: boolean) =>
  makeSession({ status: "member", user: makeUser({ id: "m1", show_nsfw: showNsfw }) });

describe("HomePage characters follow the session", () => {
  it("waits for the session, then asks as the member; sign-in, NSFW choice and sign-out refetch", async () => {
    const { server, characterCalls } = stubCharacters();
    const home = renderWithSession(<HomePage />);
    // The app config loads, but no character list is asked for while the session is unknown.
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 1, name: "Hearth" })).toBeInTheDocument(),
    );
    expect(characterCalls()).toBe(0);

    // The session turns out to be a member who blocked a creator: the first answer is theirs.
    server.answer = [aria];
    act(() => home.show(member(false)));
    expect(await grid().findByRole("link", { name: "Chat with Aria" })).toBeInTheDocument();
    expect(grid().queryByRole("link", { name: "Chat with Blocked Bot" })).toBeNull();
    const afterSignIn = characterCalls();
    expect(afterSignIn).toBeGreaterThan(0);

    // The same member again (a re-render, a new user object): the cached answer serves.
    act(() => home.show(member(false)));
    expect(characterCalls()).toBe(afterSignIn);

    // Turning adult content on asks again.
    server.answer = [aria, spicy];
    act(() => home.show(member(true)));
    expect(await grid().findByRole("link", { name: "Chat with Spicy" })).toBeInTheDocument();
    expect(characterCalls()).toBeGreaterThan(afterSignIn);

    // Signing out asks again, and the member's list is not shown in the meantime.
    const afterNsfw = characterCalls();
    server.answer = [aria, blockedBot];
    act(() => home.show(makeSession({ status: "anonymous" })));
    expect(grid().queryByRole("link", { name: "Chat with Spicy" })).toBeNull();
    expect(await grid().findByRole("link", { name: "Chat with Blocked Bot" })).toBeInTheDocument();
    expect(characterCalls()).toBeGreaterThan(afterNsfw);
  });
});

describe("RecommendedPage follows the session", () => {
  it("waits for the session and asks again for another viewer", async () => {
    let answer: Character[] = [aria, blockedBot];
    const fetchMock = stubApi({ "/api/characters/recommended": () => json({ data: answer }) });
    const calls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url) === "/api/characters/recommended").length;
    const page = renderWithSession(<RecommendedPage />);
    // Given time to fetch, it does not while the session is unknown.
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(screen.getByRole("status", { name: "Loading characters" })).toBeInTheDocument();
    expect(calls()).toBe(0);

    answer = [aria];
    act(() => page.show(member(false)));
    expect(await screen.findByRole("link", { name: "Chat with Aria" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Chat with Blocked Bot" })).toBeNull();
    expect(calls()).toBe(1);

    answer = [aria, spicy];
    act(() => page.show(member(true)));
    expect(await screen.findByRole("link", { name: "Chat with Spicy" })).toBeInTheDocument();
    expect(calls()).toBe(2);
  });
});

describe("viewerKeyOf", () => {
  it("is unknown while loading and names who asks otherwise", () => {
    expect(viewerKeyOf(makeSession({ status: "loading" }))).toBeNull();
    expect(viewerKeyOf(makeSession({ status: "anonymous" }))).toEqual(["anonymous"]);
    expect(viewerKeyOf(makeSession({ status: "invalid" }))).toEqual(["anonymous"]);
    expect(
      viewerKeyOf(makeSession({ status: "guest", user: makeUser({ id: "g1", is_guest: true }) })),
    ).toEqual(["guest", "g1"]);
    expect(viewerKeyOf(member(false))).toEqual(["member", "m1", "sfw"]);
    expect(viewerKeyOf(member(true))).toEqual(["member", "m1", "nsfw"]);
    // No session provider at all (previews): anonymous.
    expect(viewerKeyOf(null)).toEqual(["anonymous"]);
  });
});
