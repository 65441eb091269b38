import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  json,
  makeCharacter,
  makeConfig,
  renderWithProviders,
  stubApi,
} from "../features/characters/testing";
import { HomePage } from "./home-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const characters = [
  makeCharacter({ id: "c1", name: "Aria", tags: ["Fantasy", "Romance"] }),
  makeCharacter({ id: "c2", name: "Vex", tags: ["Sci-Fi", "fantasy"] }),
  makeCharacter({ id: "c3", name: "Mara", tags: ["Horror"] }),
];

function stubHome() {
  stubApi(
    { "/api/characters": () => json({ data: characters }) },
    makeConfig({ branding: { name: "Ember" } }),
  );
}

describe("HomePage", () => {
  it("has one h1, the brand name, the CTAs and the popular grid", async () => {
    stubHome();
    renderWithProviders(<HomePage />);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(
      screen.getByRole("heading", {
        level: 1,
        name: /chat with characters made by a community of storytellers/i,
      }),
    ).toBeInTheDocument();
    expect(await screen.findByText("Welcome to Ember")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create a character" })).toHaveAttribute(
      "href",
      "/chatbot/create",
    );
    expect(screen.getByRole("button", { name: "Browse characters" })).toBeInTheDocument();
    const grid = await screen.findByRole("list", { name: "Popular characters" });
    expect(within(grid).getAllByRole("listitem", { hidden: false }).length).toBeGreaterThanOrEqual(3);
  });

  it("Browse characters moves focus to the grid heading", async () => {
    stubHome();
    renderWithProviders(<HomePage />);
    fireEvent.click(screen.getByRole("button", { name: "Browse characters" }));
    expect(screen.getByRole("heading", { level: 2, name: "Popular characters" })).toHaveFocus();
  });

  it("filters by tag and keeps the tag in the URL", async () => {
    stubHome();
    renderWithProviders(<HomePage />);
    const filters = await screen.findByRole("group", { name: "Filter by tag" });
    const fantasy = within(filters).getByRole("button", { name: /^Fantasy/ });
    fireEvent.click(fantasy);
    expect(screen.getByTestId("location")).toHaveTextContent("/?tag=Fantasy");
    expect(fantasy).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("link", { name: "Chat with Aria" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Chat with Vex" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Chat with Mara" })).toBeNull();

    fireEvent.click(within(filters).getByRole("button", { name: "All" }));
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/);
    expect(screen.getByRole("link", { name: "Chat with Mara" })).toBeInTheDocument();
  });

  it("reads the tag from the URL and offers a way back when nothing matches", async () => {
    stubHome();
    renderWithProviders(<HomePage />, { route: "/?tag=Pirates" });
    expect(await screen.findByText("No characters tagged “Pirates”")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Show all characters" }));
    expect(await screen.findByRole("link", { name: "Chat with Mara" })).toBeInTheDocument();
  });

  it("offers to create a character when there are none", async () => {
    stubApi({ "/api/characters": () => json({ data: [] }) });
    renderWithProviders(<HomePage />);
    expect(await screen.findByText("No characters yet")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Create a character" })).toHaveLength(2);
  });
});
