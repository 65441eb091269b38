import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { AdminShell } from "./admin-shell";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("AdminShell", () => {
  it("links the admin pages, marks the current one and counts overdue reports on Reviews", async () => {
    stubApi({ "/api/admin/reviews": () => json({ data: [], open_count: 5, overdue_count: 3 }) });
    renderWithProviders(
      <AdminShell title="Users">
        <p>body</p>
      </AdminShell>,
      { route: "/admin/users" },
    );
    const nav = screen.getByRole("navigation", { name: "Admin" });
    expect(within(nav).getByRole("link", { name: "Console" })).toHaveAttribute("href", "/admin");
    expect(within(nav).getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Audit log" })).toHaveAttribute("href", "/admin/audit");
    expect(await within(nav).findByRole("link", { name: /^Reviews\W+3 overdue$/ })).toHaveAttribute(
      "href",
      "/admin/reviews",
    );
    expect(screen.getByRole("heading", { level: 1, name: "Users" })).toBeInTheDocument();
  });

  it("counts open reports when none is overdue", async () => {
    stubApi({ "/api/admin/reviews": () => json({ data: [], open_count: 2, overdue_count: 0 }) });
    renderWithProviders(<AdminShell title="Console">x</AdminShell>, { route: "/admin" });
    expect(await screen.findByRole("link", { name: /^Reviews\W+2 open$/ })).toBeInTheDocument();
  });
});
