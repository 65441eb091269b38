import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, makeCharacter, renderWithProviders, stubApi } from "../test/app-fixtures";
import { makeSession, makeUser, SessionStub } from "../test/session-fixtures";
import { CreatorPage } from "./creator-page";
import { FavoritesPage } from "./favorites-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = makeUser({ id: "viewer" });
const member = makeSession({ status: "member", user, permissions: user.permissions });

describe("CreatorPage", () => {
  it("shows '@{username}'s Chatbots', the creator's details, the grid and Block Creator for others", async () => {
    stubApi({
      "/api/creators/lunawrites": () =>
        json({
          id: "creator-1",
          username: "lunawrites",
          name: "Luna Vale",
          avatar_url: null,
          highlights: "Fantasy & romance storyteller.",
          is_blocked: false,
          characters: [makeCharacter({ name: "Aria" })],
        }),
    });
    renderWithProviders(
      <SessionStub value={member}>
        <CreatorPage />
      </SessionStub>,
      { route: "/creator/lunawrites", path: "/creator/:username" },
    );
    expect(
      await screen.findByRole("heading", { level: 1, name: "@lunawrites's Chatbots" }),
    ).toBeInTheDocument();
    expect(await screen.findByText("Luna Vale")).toBeInTheDocument();
    expect(screen.getByText("Fantasy & romance storyteller.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Chat with Aria" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Block Creator" })).toBeInTheDocument();
  });

  it("says when the creator does not exist", async () => {
    stubApi({});
    renderWithProviders(
      <SessionStub value={member}>
        <CreatorPage />
      </SessionStub>,
      { route: "/creator/ghost", path: "/creator/:username" },
    );
    expect(await screen.findByRole("heading", { name: "Creator not found" })).toBeInTheDocument();
  });
});

describe("FavoritesPage", () => {
  it("lists favorite bots and unlikes one", async () => {
    const fetchMock = stubApi({
      "/api/users/favorites": () =>
        json({ data: [makeCharacter({ id: "c1", name: "Aria", is_favorite: true })] }),
      "/api/characters/c1/favorite": () => json({ is_favorite: false, num_favorites: 0 }),
    });
    renderWithProviders(<FavoritesPage />);
    expect(await screen.findByRole("link", { name: "Chat with Aria" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Unfavorite" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Favorite" })).toHaveAttribute("aria-pressed", "false"),
    );
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url) === "/api/characters/c1/favorite" && init?.method === "DELETE",
      ),
    ).toBe(true);
  });

  it("shows an empty state", async () => {
    stubApi({ "/api/users/favorites": () => json({ data: [] }) });
    renderWithProviders(<FavoritesPage />);
    expect(await screen.findByText("No favorite bots yet")).toBeInTheDocument();
  });
});
