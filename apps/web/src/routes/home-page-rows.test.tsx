import type { ConversationSummary } from "@hearth/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, makeCharacter, stubApi } from "../test/app-fixtures";
import { makeSession, makeUser, SessionStub } from "../test/session-fixtures";
import { HomePage } from "./home-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const aria = makeCharacter({ id: "c1", name: "Aria", tags: ["Fantasy"] });
const vex = makeCharacter({ id: "c2", name: "Vex", tags: ["Fantasy", "Sci-Fi"] });

function conversation(id: string, name: string, characterId: string): ConversationSummary {
  return {
    id,
    character_id: characterId,
    character: {
      id: characterId,
      name,
      title: "",
      avatar_url: null,
      avatar_is_nsfw: false,
      creator_username: null,
    },
    user_persona_id: null,
    label: null,
    last_message: { content: "See you by the harbour.", createdAt: new Date().toISOString() },
    is_last_id: true,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
  };
}

type Answers = {
  conversations?: () => Response;
  newest?: () => Response;
};

function stubHome(answers: Answers = {}) {
  return stubApi({
    "/api/characters": (url) => {
      if (url.searchParams.get("sort") === "newest" && answers.newest) return answers.newest();
      return json({ data: [aria, vex], next_cursor: null });
    },
    "/api/conversations": () =>
      answers.conversations?.() ?? json({ data: [conversation("conv-1", "Luna", "char-9")] }),
  });
}

const member = makeSession({ status: "member", user: makeUser({ id: "m1", name: "Ada" }) });

function renderHome(session = member, path = "/") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionStub value={session}>
        <MemoryRouter initialEntries={[path]}>
          <HomePage />
        </MemoryRouter>
      </SessionStub>
    </QueryClientProvider>,
  );
}

const row = (name: string) => within(screen.getByRole("region", { name }));

describe("HomePage rows", () => {
  it("greets a member with their recent chats and rows, and shows no marketing hero", async () => {
    stubHome();
    renderHome();
    expect(screen.getByRole("heading", { level: 1, name: "Welcome back, Ada" })).toBeInTheDocument();
    const card = await screen.findByRole("link", { name: "Continue chatting with Luna" });
    expect(card).toHaveAttribute("href", "/chat/char-9/conv-1");
    expect(card).toHaveTextContent("See you by the harbour.");
    expect(await row("Trending").findByRole("link", { name: "Chat with Aria" })).toBeInTheDocument();
    expect(await row("New").findByRole("link", { name: "Chat with Vex" })).toBeInTheDocument();
    // A category row for the most used tag of the trending characters.
    expect(await row("Fantasy").findByRole("link", { name: "Chat with Aria" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: /community of storytellers/i })).toBeNull();
    expect(screen.queryByRole("button", { name: "Browse characters" })).toBeNull();
  });

  it("shows a signed-out visitor the hero and asks for no conversations", async () => {
    const fetchMock = stubHome();
    renderHome(makeSession({ status: "anonymous" }));
    expect(
      screen.getByRole("heading", {
        level: 1,
        name: /chat with characters made by a community of storytellers/i,
      }),
    ).toBeInTheDocument();
    expect(await row("Trending").findByRole("link", { name: "Chat with Aria" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Continue chatting" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Fantasy" })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/api/conversations"))).toBe(false);
  });

  it("answers a search or a tag with the grid alone, without the discovery rows", async () => {
    for (const path of ["/?q=aria", "/?tag=fantasy"]) {
      stubHome();
      const { unmount } = renderHome(member, path);
      expect(await screen.findByRole("list", { name: "Popular characters" })).toBeInTheDocument();
      expect(screen.queryByRole("region", { name: "Trending" })).toBeNull();
      expect(screen.queryByRole("region", { name: "Continue chatting" })).toBeNull();
      unmount();
    }
  });

  it("hides rows with nothing in them", async () => {
    stubHome({
      conversations: () => json({ data: [] }),
      newest: () => json({ data: [], next_cursor: null }),
    });
    renderHome();
    expect(await row("Trending").findByRole("link", { name: "Chat with Aria" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("status", { name: /^Loading/ })).toBeNull());
    expect(screen.queryByRole("region", { name: "Continue chatting" })).toBeNull();
    expect(screen.queryByRole("region", { name: "New" })).toBeNull();
  });

  it("offers a retry when a row fails to load", async () => {
    let failing = true;
    stubHome({
      conversations: () =>
        failing
          ? json({ error: { code: "internal", message: "Uh oh, something went wrong" } }, 500)
          : json({ data: [conversation("conv-2", "Mira", "char-3")] }),
    });
    renderHome();
    const alert = await row("Continue chatting").findByRole("alert");
    expect(alert).toHaveTextContent("Couldn't load your recent chats.");
    failing = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Continue chatting with Mira" })).toHaveAttribute(
      "href",
      "/chat/char-3/conv-2",
    );
  });
});
