import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../test/app-fixtures";
import { makeSession, makeUser, SessionStub } from "../../test/session-fixtures";
import { MobileMenu } from "./mobile-menu";
import { UserMenu } from "./user-menu";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = makeUser({ id: "admin-1", role: "admin" });
const member = makeUser({ id: "member-1", role: "premium" });
const counts = () => json({ data: [], open_count: 5, overdue_count: 3 });

function openAccountMenu() {
  fireEvent.keyDown(screen.getByRole("button", { name: "Account menu" }), { key: "Enter" });
  return screen.findByRole("menu");
}

describe("the account menu's Admin entry", () => {
  it("shows admins a link to /admin with the overdue count", async () => {
    const fetchMock = stubApi({ "/api/admin/reviews": counts });
    renderWithProviders(<UserMenu user={admin} onSignOut={() => {}} />);
    const menu = await openAccountMenu();
    const link = within(menu).getByRole("menuitem", { name: /^Admin/ });
    expect(link).toHaveAttribute("href", "/admin");
    await waitFor(() => expect(link).toHaveTextContent("3, 3 overdue"));
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes("/api/admin/reviews"));
    expect(String(call?.[0])).toContain("limit=1");
  });

  it("is not there for other members, who never ask for the counts", async () => {
    const fetchMock = stubApi({ "/api/admin/reviews": counts });
    renderWithProviders(<UserMenu user={member} onSignOut={() => {}} />);
    const menu = await openAccountMenu();
    expect(within(menu).getByRole("menuitem", { name: "Profile" })).toBeInTheDocument();
    expect(within(menu).queryByRole("menuitem", { name: /^Admin/ })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/api/admin/"))).toBe(false);
  });

  it("is in the mobile menu for admins only", async () => {
    stubApi({ "/api/admin/reviews": counts });
    const first = renderWithProviders(
      <SessionStub value={makeSession({ status: "member", user: admin, permissions: admin.permissions })}>
        <MobileMenu />
      </SessionStub>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const account = await screen.findByRole("navigation", { name: "Account" });
    const link = within(account).getByRole("link", { name: /^Admin/ });
    expect(link).toHaveAttribute("href", "/admin");
    await waitFor(() => expect(link).toHaveTextContent("3, 3 overdue"));
    first.unmount();

    renderWithProviders(
      <SessionStub value={makeSession({ status: "member", user: member, permissions: member.permissions })}>
        <MobileMenu />
      </SessionStub>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const memberAccount = await screen.findByRole("navigation", { name: "Account" });
    expect(within(memberAccount).queryByRole("link", { name: /^Admin/ })).toBeNull();
  });
});
