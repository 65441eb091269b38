import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { toLocalInputValue } from "../lib/format";
import { makeUserDetail, USER_ID } from "../test/fixtures";
import { restrictionBody } from "./restriction-form";
import { AdminUsersPage } from "./users-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const { characters: _c, reviews: _r, ...summary } = makeUserDetail();

function renderUsers(route = "/admin/users") {
  const fetchMock = stubApi({
    "/api/admin/users": (url) => json({ data: url.searchParams.get("q") === "nobody" ? [] : [summary] }),
    [`/api/admin/users/${USER_ID}`]: () => json(makeUserDetail()),
    [`/api/admin/users/${USER_ID}/restriction`]: (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { restriction: string | null; ends_at?: string };
      return json({ ...summary, restriction: body.restriction, restriction_ends_at: body.ends_at ?? null });
    },
  });
  renderWithProviders(<AdminUsersPage />, { route });
  return fetchMock;
}

describe("AdminUsersPage", () => {
  it("searches by email or username and opens a member with their characters and reviews", async () => {
    const fetchMock = renderUsers();
    expect(screen.getByText("Find a member")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Email or username"), { target: { value: "moon" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    const results = await screen.findByRole("list", { name: "Members found" });
    expect(fetchMock.mock.calls.some(([url]) => String(url) === "/api/admin/users?q=moon")).toBe(true);
    fireEvent.click(within(results).getByRole("button", { name: /@moonwriter/ }));
    expect(await screen.findByRole("heading", { level: 2, name: "@moonwriter" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Characters (1)" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Aria Nightshade" })).toHaveAttribute(
      "href",
      "/chatbot/0b6a4d5e-1111-4a4a-8a8a-000000000001",
    );
    expect(screen.getByRole("heading", { name: "Reviews of their characters (1)" })).toBeInTheDocument();
  });

  it("says so when nobody matches", async () => {
    renderUsers("/admin/users?q=nobody");
    expect(await screen.findByText("No member matches")).toBeInTheDocument();
  });

  it("sets a temporary restriction with its end, then lifts it", async () => {
    const fetchMock = renderUsers(`/admin/users?q=moon&user=${USER_ID}`);
    await screen.findByRole("heading", { level: 2, name: "@moonwriter" });
    fireEvent.click(screen.getByRole("radio", { name: /Temporary restriction/ }));
    const end = Date.now() + 2 * 86_400_000;
    fireEvent.change(screen.getByLabelText("Restricted until"), {
      target: { value: toLocalInputValue(end) },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save restriction" }));
    expect(await screen.findByText(/Saved: Temporarily restricted until/)).toBeInTheDocument();
    const calls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith("/restriction"));
    const body = JSON.parse(String(calls[0]?.[1]?.body)) as { restriction: string; ends_at: string };
    expect(body.restriction).toBe("temporary_restriction");
    expect(Math.abs(Date.parse(body.ends_at) - end)).toBeLessThan(60_000);
  });

  it("refuses a temporary restriction that ends in the past", async () => {
    renderUsers(`/admin/users?user=${USER_ID}`);
    await screen.findByRole("heading", { level: 2, name: "@moonwriter" });
    fireEvent.click(screen.getByRole("radio", { name: /Temporary restriction/ }));
    fireEvent.change(screen.getByLabelText("Restricted until"), {
      target: { value: toLocalInputValue(Date.now() - 86_400_000) },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save restriction" }));
    expect(await screen.findByText("The end must be in the future")).toBeInTheDocument();
  });

  it("builds each restriction body with the contracts' schema", async () => {
    expect(restrictionBody("none", "")).toEqual({ ok: true, body: { restriction: null } });
    expect(restrictionBody("complete_restriction", "")).toEqual({
      ok: true,
      body: { restriction: "complete_restriction" },
    });
    expect(restrictionBody("temporary_restriction", "")).toEqual({
      ok: false,
      error: "Choose when the restriction ends",
    });
    await waitFor(() => expect(true).toBe(true));
  });
});
