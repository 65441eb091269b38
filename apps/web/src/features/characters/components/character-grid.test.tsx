import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useBrowseCharacters } from "../../../api/characters";
import { json, makeCharacter, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { CharacterGrid } from "./character-grid";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const POPULAR = { search: "", tags: [], sort: "popular" } as const;

function PopularGrid() {
  const query = useBrowseCharacters({ ...POPULAR, tags: [] });
  return (
    <CharacterGrid
      characters={query.data?.pages.flatMap((page) => page.data)}
      isLoading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      isRetrying={query.isFetching}
    />
  );
}

describe("CharacterGrid with useBrowseCharacters", () => {
  it("asks for a page of popular characters and shows skeletons while loading", async () => {
    const fetchMock = stubApi({ "/api/characters": () => new Promise<Response>(() => {}) });
    renderWithProviders(<PopularGrid />);
    expect(screen.getByRole("status", { name: "Loading characters" })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url) === "/api/characters?sort=popular&limit=24"),
      ).toBe(true),
    );
  });

  it("shows the characters as a list of cards", async () => {
    stubApi({
      "/api/characters": () =>
        json({
          data: [
            makeCharacter(),
            makeCharacter({ id: "0b6a4d5e-1111-4a4a-8a8a-000000000002", name: "Captain Vex" }),
          ],
        }),
    });
    renderWithProviders(<PopularGrid />);
    const list = await screen.findByRole("list", { name: "" });
    expect(within(list).getByRole("link", { name: "Chat with Aria Nightshade" })).toBeInTheDocument();
    expect(within(list).getByRole("link", { name: "Chat with Captain Vex" })).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading characters" })).toBeNull();
  });

  it("shows an error with Retry, and loads again on Retry", async () => {
    let calls = 0;
    stubApi({
      "/api/characters": () => {
        calls += 1;
        return calls === 1
          ? json({ error: { code: "internal_error", message: "Uh oh, something went wrong" } }, 500)
          : json({ data: [makeCharacter()] });
      },
    });
    renderWithProviders(<PopularGrid />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("We couldn't load characters");
    expect(alert).toHaveTextContent("Uh oh, something went wrong");
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("link", { name: "Chat with Aria Nightshade" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the empty state when there are no characters", async () => {
    stubApi({ "/api/characters": () => json({ data: [] }) });
    renderWithProviders(<PopularGrid />);
    expect(await screen.findByText("No characters yet")).toBeInTheDocument();
  });
});
