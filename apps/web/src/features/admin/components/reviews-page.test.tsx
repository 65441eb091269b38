import type { AdminReview } from "@hearth/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { CHARACTER_ID, makeReview, makeReviewCharacter, REVIEW_ID } from "../test/fixtures";
import { AdminReviewsPage } from "./reviews-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderReviews(reviews: AdminReview[] = [makeReview()], extra: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({
    "/api/admin/reviews": () => json({ data: reviews, open_count: 1, overdue_count: 1 }),
    [`/api/admin/characters/${CHARACTER_ID}`]: (_url, init) =>
      init?.method === "DELETE"
        ? new Response(null, { status: 204 })
        : json(makeReviewCharacter({ is_nsfw: true })),
    [`/api/admin/reviews/${REVIEW_ID}`]: () => json({ id: REVIEW_ID }),
    ...extra,
  });
  renderWithProviders(<AdminReviewsPage />, { route: "/admin/reviews" });
  return fetchMock;
}

const callsTo = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url), "http://localhost").pathname === path);

describe("AdminReviewsPage", () => {
  it("lists open reviews with the spec's columns, the overdue mark and the counts", async () => {
    const fetchMock = renderReviews();
    const table = await screen.findByRole("table");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual([
      "id",
      "character_id",
      "issue",
      "resolution",
      "details",
      "createdAt",
      "status",
      "action_taken",
    ]);
    expect(within(table).getByText("Categorization")).toBeInTheDocument();
    expect(within(table).getByText("Overdue")).toBeInTheDocument();
    expect(within(table).getByText("Character report · 2 members")).toBeInTheDocument();
    expect(screen.getByText("1 open, 1 overdue (older than 7 days)")).toBeInTheDocument();
    expect(String(callsTo(fetchMock, "/api/admin/reviews")[0]?.[0])).toContain("status=open");
  });

  it("filters by status", async () => {
    const fetchMock = renderReviews();
    await screen.findByRole("table");
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "closed" } });
    await waitFor(() =>
      expect(
        callsTo(fetchMock, "/api/admin/reviews").some(([url]) => String(url).includes("status=closed")),
      ).toBe(true),
    );
  });

  it("shows the character and the actions beside a review; Mark NSFW closes the row at once", async () => {
    const fetchMock = renderReviews();
    fireEvent.click(await screen.findByRole("button", { name: /show details/ }));
    expect(screen.getByRole("article", { name: "Character Aria Nightshade" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Edit" })).toHaveAttribute(
      "href",
      `/chatbot/edit/${CHARACTER_ID}`,
    );
    fireEvent.click(screen.getByRole("button", { name: "Mark NSFW" }));
    await waitFor(() => expect(screen.getAllByText("Set NSFW").length).toBeGreaterThan(0));
    const put = callsTo(fetchMock, `/api/admin/characters/${CHARACTER_ID}`)[0];
    expect(put?.[1]?.method).toBe("PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ is_nsfw: true, review_id: REVIEW_ID });
    expect(screen.queryByRole("button", { name: "Mark NSFW" })).toBeNull();
    expect(screen.getByText("Review closed: Set NSFW.")).toHaveAttribute("role", "status");
    await waitFor(() => expect(screen.getByRole("heading", { name: /Review 5d1f3c1e/ })).toHaveFocus());
  });

  it("lists every member's report beside the review: reporter, issue, resolution, details, date", async () => {
    renderReviews();
    fireEvent.click(await screen.findByRole("button", { name: /show details/ }));
    const reports = screen.getByRole("region", { name: "Reports" });
    expect(within(reports).getByRole("heading", { name: "Reports (2)" })).toBeInTheDocument();
    const items = within(reports).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("@firstreporter");
    expect(items[0]).toHaveTextContent("Categorization");
    expect(items[0]).toHaveTextContent("expects: modified");
    expect(items[0]).toHaveTextContent("Should be marked NSFW");
    expect(items[1]).toHaveTextContent("@laterreporter");
    expect(items[1]).toHaveTextContent("Guidelines");
    expect(items[1]).toHaveTextContent("expects: deleted");
    expect(items[1]).toHaveTextContent("It breaks the rules later on");
    expect(within(items[1] as HTMLElement).getByText(/2026/).tagName).toBe("TIME");
  });

  it("sends not underage, private and close with the review id", async () => {
    const fetchMock = renderReviews();
    fireEvent.click(await screen.findByRole("button", { name: /show details/ }));
    fireEvent.click(screen.getByRole("button", { name: "Mark not underage" }));
    await waitFor(() => expect(callsTo(fetchMock, `/api/admin/characters/${CHARACTER_ID}`)).toHaveLength(1));
    expect(
      JSON.parse(String(callsTo(fetchMock, `/api/admin/characters/${CHARACTER_ID}`)[0]?.[1]?.body)),
    ).toEqual({
      is_underage: false,
      review_id: REVIEW_ID,
    });
  });

  it("closes a review without action", async () => {
    const fetchMock = renderReviews();
    fireEvent.click(await screen.findByRole("button", { name: /show details/ }));
    fireEvent.click(screen.getByRole("button", { name: "Close review" }));
    await waitFor(() => expect(callsTo(fetchMock, `/api/admin/reviews/${REVIEW_ID}`)).toHaveLength(1));
    const call = callsTo(fetchMock, `/api/admin/reviews/${REVIEW_ID}`)[0];
    expect(call?.[1]?.method).toBe("PUT");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ status: "closed", action_taken: "none" });
  });

  it("deletes only after confirmation", async () => {
    const fetchMock = renderReviews();
    fireEvent.click(await screen.findByRole("button", { name: /show details/ }));
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Aria Nightshade?" });
    expect(callsTo(fetchMock, `/api/admin/characters/${CHARACTER_ID}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete character" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const call = callsTo(fetchMock, `/api/admin/characters/${CHARACTER_ID}`)[0];
    expect(call?.[1]?.method).toBe("DELETE");
    expect(String(call?.[0])).toContain(`review_id=${REVIEW_ID}`);
    expect(screen.getAllByText("Deleted").length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByRole("heading", { name: /Review 5d1f3c1e/ })).toHaveFocus());
  });

  it("requires a fix with reasons and a description, checked with the contracts' schema", async () => {
    const fetchMock = renderReviews();
    fireEvent.click(await screen.findByRole("button", { name: /show details/ }));
    fireEvent.click(screen.getByRole("button", { name: "Require fix" }));
    const dialog = await screen.findByRole("dialog", { name: "Require a fix to Aria Nightshade" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Require fix" }));
    expect(within(dialog).getByText("Give at least one reason")).toBeInTheDocument();
    expect(within(dialog).getByText("Say what the creator must change")).toBeInTheDocument();
    fireEvent.click(within(dialog).getByLabelText("Wrong or misleading tags"));
    fireEvent.change(within(dialog).getByLabelText("Other reasons"), { target: { value: "Greeting\n\n" } });
    fireEvent.change(within(dialog).getByLabelText("What the creator must change"), {
      target: { value: "Fix the tags" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Require fix" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(
      JSON.parse(String(callsTo(fetchMock, `/api/admin/characters/${CHARACTER_ID}`)[0]?.[1]?.body)),
    ).toEqual({
      moderation_status: "fix_required",
      reason_for_moderation: ["Wrong or misleading tags", "Greeting"],
      action_taken_description: "Fix the tags",
      review_id: REVIEW_ID,
    });
    await waitFor(() => expect(screen.getByRole("heading", { name: /Review 5d1f3c1e/ })).toHaveFocus());
  });

  it("shows a message report's messages, the reported one marked", async () => {
    renderReviews([
      makeReview({
        source: "message_report",
        messages: [
          { id: "m1", role: "user", content: "Hi", createdAt: "2026-01-01T09:00:00Z", reported: false },
          { id: "m2", role: "bot", content: "Bad reply", createdAt: "2026-01-01T09:01:00Z", reported: true },
        ],
      }),
    ]);
    fireEvent.click(await screen.findByRole("button", { name: /show details/ }));
    const messages = screen.getByRole("region", { name: "Reported messages" });
    expect(within(messages).getAllByRole("listitem")).toHaveLength(2);
    expect(within(messages).getByText("Bad reply").closest("li")).toHaveTextContent("Reported");
  });

  it("has empty and error states", async () => {
    renderReviews([]);
    expect(await screen.findByText("No open reports")).toBeInTheDocument();
    cleanup();
    stubApi({
      "/api/admin/reviews": () => json({ error: { code: "forbidden", message: "Admins only" } }, 403),
    });
    renderWithProviders(<AdminReviewsPage />, { route: "/admin/reviews" });
    expect(await screen.findByText("We couldn't load the reviews")).toBeInTheDocument();
    expect(screen.getByText("Admins only")).toBeInTheDocument();
  });
});
