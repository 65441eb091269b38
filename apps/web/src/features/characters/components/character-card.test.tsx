import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCharacter, makeConfig, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { CharacterCard } from "./character-card";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("CharacterCard", () => {
  it("shows name, title, creator, compact message count, rating and tags", async () => {
    stubApi({});
    renderWithProviders(<CharacterCard character={makeCharacter()} />);

    expect(screen.getByRole("heading", { level: 3, name: "Chat with Aria Nightshade" })).toBeInTheDocument();
    expect(screen.getByText("Aria Nightshade")).toBeInTheDocument();
    expect(screen.getByText("A wandering bard who collects forgotten songs")).toBeInTheDocument();
    expect(screen.getByText("1.2K")).toBeInTheDocument();
    expect(screen.getByText("92%")).toBeInTheDocument();

    const tags = within(screen.getByRole("list", { name: "Tags" })).getAllByRole("listitem");
    expect(tags.map((li) => li.textContent)).toEqual(["Fantasy", "Adventure", "Music"]);
    await waitFor(() => expect(screen.getByRole("img", { name: "Aria Nightshade" })).toBeInTheDocument());
  });

  it("shows a rating only from real votes", () => {
    stubApi({});
    renderWithProviders(<CharacterCard character={makeCharacter({ rating_score: null, rating_count: 0 })} />);
    expect(screen.getByText("No ratings yet")).toBeInTheDocument();
    expect(screen.queryByText(/%$/)).toBeNull();
    cleanup();
    renderWithProviders(<CharacterCard character={makeCharacter({ rating_score: 0, rating_count: 1 })} />);
    expect(screen.getByText("0%").parentElement).toHaveAttribute("title", "0% positive from 1 rating");
  });

  it("links the card to the chat, the profile and the creator", () => {
    stubApi({});
    const character = makeCharacter();
    renderWithProviders(<CharacterCard character={character} />);

    expect(screen.getByRole("link", { name: "Chat with Aria Nightshade" })).toHaveAttribute(
      "href",
      `/chat/${character.id}`,
    );
    expect(screen.getByRole("link", { name: "View Aria Nightshade's profile" })).toHaveAttribute(
      "href",
      `/chatbot/${character.id}`,
    );
    expect(screen.getByRole("link", { name: "@moonwriter" })).toHaveAttribute("href", "/creator/moonwriter");
  });

  it("loads the avatar lazily with its size and alt text", async () => {
    stubApi({});
    renderWithProviders(<CharacterCard character={makeCharacter()} />);
    const img = await screen.findByRole("img", { name: "Aria Nightshade" });
    expect(img.tagName).toBe("IMG");
    expect(img).toHaveAttribute("src", "/avatars/aria.webp");
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img).toHaveAttribute("width");
    expect(img).toHaveAttribute("height");
  });

  it("shows the initial instead of a missing avatar", () => {
    stubApi({});
    renderWithProviders(<CharacterCard character={makeCharacter({ avatar_url: null })} />);
    const fallback = screen.getByRole("img", { name: "Aria Nightshade" });
    expect(fallback.tagName).toBe("DIV");
    expect(fallback).toHaveTextContent("A");
  });

  it("hides an NSFW avatar on the safe-for-work brand", async () => {
    const fetchMock = stubApi({}, makeConfig({ brand: "sfw" }));
    renderWithProviders(<CharacterCard character={makeCharacter({ avatar_is_nsfw: true })} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole("img", { name: "Aria Nightshade" }).tagName).toBe("DIV");
    expect(document.querySelector("img")).toBeNull();
  });

  it("shows an NSFW avatar on the adult brand", async () => {
    stubApi({}, makeConfig({ brand: "adult" }));
    renderWithProviders(<CharacterCard character={makeCharacter({ avatar_is_nsfw: true, is_nsfw: true })} />);
    await waitFor(() => expect(screen.getByRole("img", { name: "Aria Nightshade" }).tagName).toBe("IMG"));
    expect(screen.getByText("18+")).toBeInTheDocument();
  });

  it("omits the creator link when the creator has no username", () => {
    stubApi({});
    renderWithProviders(<CharacterCard character={makeCharacter({ creator_username: null })} />);
    expect(screen.queryByRole("link", { name: /^@/ })).toBeNull();
  });
});
