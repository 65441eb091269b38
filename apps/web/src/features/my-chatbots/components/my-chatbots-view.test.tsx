import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, makeCharacter, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { MyChatbotsView } from "./my-chatbots-view";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const report = (moderation_status: "pending" | "fix_required") => ({
  moderation_status,
  reason_for_moderation: [],
  action_taken_description: null,
});

const mine = [
  makeCharacter({ id: "a", name: "Plain", visibility: "public" }),
  makeCharacter({ id: "b", name: "Waiting", moderationReport: report("pending") }),
  makeCharacter({ id: "c", name: "Fix me", moderationReport: report("fix_required"), reportsType: ["User"] }),
  makeCharacter({ id: "d", name: "Secret", visibility: "hidden" }),
];

function renderView(list = mine) {
  const fetchMock = stubApi({
    "/api/users/characters": () => json({ data: list }),
    "/api/characters/a": () => new Response(null, { status: 204 }),
  });
  renderWithProviders(<MyChatbotsView v2 canDelete hideNsfwAvatars={false} draftsCard={null} />);
  return fetchMock;
}

describe("MyChatbotsView", () => {
  it("orders fix-required, then review, then the rest, with status labels and every link", async () => {
    renderView();
    const grid = await screen.findByRole("list", { name: "Your chatbots" });
    const names = within(grid)
      .getAllByRole("heading", { level: 3 })
      .map((h) => h.textContent);
    expect(names).toEqual(["Fix me", "Waiting", "Plain", "Secret"]);
    expect(within(grid).getByText("Reported")).toBeInTheDocument();
    expect(within(grid).getByText("In review")).toBeInTheDocument();
    expect(within(grid).getByText("Unlisted")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Chat with Plain" })).toHaveAttribute("href", "/chat/a");
    expect(screen.getByRole("link", { name: "Plain's profile" })).toHaveAttribute("href", "/chatbot/a");
    expect(screen.getByRole("link", { name: "Edit Plain" })).toHaveAttribute("href", "/chatbot/edit/a");
    expect(screen.getByRole("link", { name: "Report Plain" })).toHaveAttribute("href", "/report/a");
    expect(screen.getAllByRole("link", { name: "@moonwriter" })[0]).toHaveAttribute(
      "href",
      "/creator/moonwriter",
    );
  });

  it("filters by status and searches", async () => {
    renderView();
    await screen.findByRole("list", { name: "Your chatbots" });
    fireEvent.change(screen.getByLabelText("Filter"), { target: { value: "review" } });
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Waiting"]);
    fireEvent.change(screen.getByLabelText("Filter"), { target: { value: "all" } });
    fireEvent.change(screen.getByLabelText("Search your chatbots"), { target: { value: "secr" } });
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Secret"]);
  });

  it("deletes after confirmation", async () => {
    const fetchMock = renderView();
    fireEvent.click(await screen.findByRole("button", { name: "Delete Plain" }));
    fireEvent.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("link", { name: "Chat with Plain" })).toBeNull());
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url) === "/api/characters/a" && init?.method === "DELETE",
      ),
    ).toBe(true);
  });

  it("offers to create a chatbot when there are none", async () => {
    renderView([]);
    expect(await screen.findByText("You haven't created any chatbots yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create a chatbot" })).toHaveAttribute("href", "/chatbot/create");
  });
});
