import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../lib/api-client";
import type { SessionValue } from "../lib/session";
import { makeSession, makeUser, SessionStub } from "../test/session-fixtures";
import { LoginPage } from "./login-page";
import { RegisterPage } from "./register-page";

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

function renderAuth(session: SessionValue, path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionStub value={session}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/register" element={<RegisterPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </SessionStub>
    </QueryClientProvider>,
  );
}

describe("LoginPage", () => {
  it("validates with the contracts schema before calling the server", async () => {
    const signIn = vi.fn();
    renderAuth(makeSession({ signIn }), "/login");
    expect(screen.getByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign in" })));
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Email is required");
    expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "true");
    expect(signIn).not.toHaveBeenCalled();
  });

  it("shows server errors in an alert", async () => {
    const signIn = vi.fn(() =>
      Promise.reject(new ApiError(401, "invalid_credentials", "Email or password is incorrect.")),
    );
    renderAuth(makeSession({ signIn }), "/login");
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "Ada@Example.com " } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign in" })));
    expect(signIn).toHaveBeenCalledWith("ada@example.com", "secret");
    expect(screen.getByRole("alert")).toHaveTextContent("Email or password is incorrect.");
  });

  it("goes to a safe redirect after signing in", async () => {
    const signIn = vi.fn(() => Promise.resolve(makeUser()));
    renderAuth(makeSession({ signIn }), "/login?redirect=%2Fchats%3Fa%3D1");
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign in" })));
    expect(screen.getByTestId("where")).toHaveTextContent("/chats?a=1");
  });

  it("ignores an off-site redirect", async () => {
    const signIn = vi.fn(() => Promise.resolve(makeUser()));
    renderAuth(makeSession({ signIn }), "/login?redirect=%2F%2Fevil.example.com");
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign in" })));
    expect(screen.getByTestId("where")).toHaveTextContent(/^\/$/);
  });

  it("offers guest access", async () => {
    const continueAsGuest = vi.fn(() => Promise.resolve(makeUser({ is_guest: true, role: "guest" })));
    renderAuth(makeSession({ continueAsGuest }), "/login?redirect=%2Fsettings");
    expect(
      screen.getByText("Guests have limited text and image generation and their chats are not saved."),
    ).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Continue as guest" })));
    // /settings needs an account, so a new guest lands on home instead of bouncing back to sign-in.
    expect(screen.getByTestId("where")).toHaveTextContent(/^\/$/);
  });
});

describe("RegisterPage", () => {
  it("shows server field errors under the field", async () => {
    const signUp = vi.fn(() =>
      Promise.reject(
        new ApiError(409, "email_taken", "An account with this email already exists.", {
          email: "An account with this email already exists.",
        }),
      ),
    );
    renderAuth(makeSession({ signUp }), "/register");
    expect(screen.getByRole("heading", { name: "Create your account" })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "short" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Create account" })));
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(/at least 8 characters/);
    expect(signUp).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "long enough" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Create account" })));
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription(
      "An account with this email already exists.",
    );
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  });
});
