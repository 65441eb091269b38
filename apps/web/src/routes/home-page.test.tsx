import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, makeCharacter, makeConfig, renderWithProviders, stubApi } from "../test/app-fixtures";
import { HomePage } from "./home-page";

/** The characters grid (the rows above it show some of the same characters). */
const grid = () => within(screen.getByRole("region", { name: /characters$/ }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const characters = [
  makeCharacter({ id: "c1", name: "Aria", tags: ["Fantasy", "Romance"] }),
  makeCharacter({ id: "c2", name: "Vex", tags: ["Sci-Fi", "fantasy"] }),
  makeCharacter({ id: "c3", name: "Mara", tags: ["Horror"] }),
];

/** A small fake of `GET /api/characters`: filters by search and tags, pages by cursor (2 per page when asked). */
function stubHome(pageSize = 48) {
  return stubApi(
    {
      "/api/characters": (url) => {
        const search = url.searchParams.get("search")?.toLowerCase() ?? "";
        const tags = url.searchParams.get("tags")?.split(",").filter(Boolean) ?? [];
        const matching = characters.filter(
          (c) =>
            c.name.toLowerCase().includes(search) &&
            tags.every((tag) => c.tags.some((t) => t.toLowerCase() === tag)),
        );
        const start = Number(url.searchParams.get("cursor") ?? 0);
        const page = matching.slice(start, start + pageSize);
        const next = start + pageSize < matching.length ? String(start + pageSize) : null;
        return json({ data: page, next_cursor: next });
      },
    },
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
    await waitFor(() => expect(grid().queryByRole("link", { name: "Chat with Mara" })).toBeNull());
    expect(grid().getByRole("link", { name: "Chat with Aria" })).toBeInTheDocument();
    expect(grid().getByRole("link", { name: "Chat with Vex" })).toBeInTheDocument();
    expect(grid().queryByRole("link", { name: "Chat with Mara" })).toBeNull();

    fireEvent.click(within(filters).getByRole("button", { name: "All" }));
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/);
    expect(await grid().findByRole("link", { name: "Chat with Mara" })).toBeInTheDocument();
  });

  it("searches after typing pauses and keeps the search in ?q=", async () => {
    const fetchMock = stubHome();
    renderWithProviders(<HomePage />);
    await grid().findByRole("link", { name: "Chat with Mara" });
    fireEvent.change(screen.getByRole("searchbox", { name: "Search characters" }), {
      target: { value: "ar" },
    });
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/?q=ar"));
    await waitFor(() => expect(grid().queryByRole("link", { name: "Chat with Vex" })).toBeNull());
    expect(grid().getByRole("link", { name: "Chat with Mara" })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("search=ar"))).toBe(true);
  });

  it("sorts by the chosen order and loads more with the cursor", async () => {
    const fetchMock = stubHome(2);
    renderWithProviders(<HomePage />, { route: "/?sort=newest" });
    expect(await screen.findByRole("heading", { name: "Newest characters" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Newest" })).toBeChecked();
    await grid().findByRole("link", { name: "Chat with Vex" });
    expect(grid().queryByRole("link", { name: "Chat with Mara" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await grid().findByRole("link", { name: "Chat with Mara" })).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([url]) => String(url).includes("sort=newest") && String(url).includes("cursor=2"),
      ),
    ).toBe(true);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("reads the tag from the URL and offers a way back when nothing matches", async () => {
    stubHome();
    renderWithProviders(<HomePage />, { route: "/?tag=Pirates" });
    expect(await screen.findByText("No characters tagged “Pirates”")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Show all characters" }));
    expect(await grid().findByRole("link", { name: "Chat with Mara" })).toBeInTheDocument();
  });

  it("offers to create a character when there are none", async () => {
    stubApi({ "/api/characters": () => json({ data: [] }) });
    renderWithProviders(<HomePage />);
    expect(await screen.findByText("No characters yet")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Create a character" })).toHaveLength(2);
  });
});
