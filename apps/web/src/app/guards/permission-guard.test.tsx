import { ROLE_PERMISSIONS } from "@hearth/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import type { SessionValue } from "../../lib/session";
import { makeSession, makeUser, memberWith, SessionStub } from "../../test/session-fixtures";
import { AdminGuard, PermissionGuard } from "./permission-guard";
import { RequireSignIn } from "./require-sign-in";

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(session: SessionValue, element: React.ReactNode, path = "/my-chatbots?tab=1") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionStub value={session}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/my-chatbots" element={element} />
            <Route path="/access-denied" element={<LocationProbe />} />
            <Route path="/login" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </SessionStub>
    </QueryClientProvider>,
  );
}

const guarded = (
  <PermissionGuard permission="view_my_chat_bots">
    <h1>My Chatbots page</h1>
  </PermissionGuard>
);

describe("PermissionGuard", () => {
  it("shows a spinner while the session loads", () => {
    renderAt(makeSession({ status: "loading", permissions: [] }), guarded);
    expect(screen.getByRole("status", { name: "Loading" })).toBeInTheDocument();
    expect(screen.queryByText("My Chatbots page")).not.toBeInTheDocument();
  });

  it("renders the page when the permission is present", () => {
    renderAt(memberWith([...ROLE_PERMISSIONS.free]), guarded);
    expect(screen.getByRole("heading", { name: "My Chatbots page" })).toBeInTheDocument();
  });

  it("shows the ban notice for limited_access", () => {
    renderAt(memberWith(["site_access", "view_chat", "limited_access"]), guarded);
    expect(screen.getByRole("heading", { name: "Your account has limited access" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Contact support" })).toBeInTheDocument();
    expect(screen.queryByText("My Chatbots page")).not.toBeInTheDocument();
  });

  it("sends visitors without the permission to the access-denied page", () => {
    renderAt(makeSession({ status: "anonymous", permissions: ROLE_PERMISSIONS.guest }), guarded);
    expect(screen.getByTestId("location")).toHaveTextContent("/access-denied");
  });
});

describe("AdminGuard", () => {
  const admin = (
    <AdminGuard>
      <h1>Admin page</h1>
    </AdminGuard>
  );
  it("renders the page for an admin", () => {
    const permissions = [...ROLE_PERMISSIONS.admin];
    const user = makeUser({ role: "admin", permissions });
    renderAt(makeSession({ status: "member", user, permissions }), admin);
    expect(screen.getByRole("heading", { name: "Admin page" })).toBeInTheDocument();
  });
  it("sends any other member to the access-denied page", () => {
    renderAt(memberWith([...ROLE_PERMISSIONS.premium]), admin);
    expect(screen.getByTestId("location")).toHaveTextContent("/access-denied");
    expect(screen.queryByText("Admin page")).not.toBeInTheDocument();
  });
});

describe("RequireSignIn", () => {
  const page = (
    <RequireSignIn>
      <h1>Protected</h1>
    </RequireSignIn>
  );
  it("sends anonymous visitors to sign in with the original path", () => {
    renderAt(makeSession(), page);
    expect(screen.getByTestId("location")).toHaveTextContent("/login?redirect=%2Fmy-chatbots%3Ftab%3D1");
  });
  it("sends guests to sign in too", () => {
    renderAt(makeSession({ status: "guest" }), page);
    expect(screen.getByTestId("location")).toHaveTextContent("/login?redirect=");
  });
  it("lets members through", () => {
    renderAt(memberWith([...ROLE_PERMISSIONS.free]), page);
    expect(screen.getByRole("heading", { name: "Protected" })).toBeInTheDocument();
  });
});
