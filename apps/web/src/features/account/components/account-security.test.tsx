import { ACCOUNT_SECURITY_MESSAGES, type AuthResponse, type Me } from "@hearth/contracts";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeSession, makeUser, SessionStub } from "../../../test/session-fixtures";
import { ChangePassword } from "./change-password";
import { SignOutEverywhere } from "./sign-out-everywhere";

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function click(name: string, within_: HTMLElement = document.body) {
  await act(async () => {
    fireEvent.click(within(within_).getByRole("button", { name }));
  });
}

const descriptionOf = (label: string) => screen.getByLabelText(label).getAttribute("aria-describedby") ?? "";
const errorUnder = (label: string) =>
  descriptionOf(label)
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent)
    .join(" ");

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("ChangePassword", () => {
  function renderForm(user: Me = makeUser()) {
    const adoptSession = vi.fn((auth: AuthResponse) => auth.user);
    render(
      <SessionStub value={makeSession({ status: "member", user, adoptSession })}>
        <ChangePassword />
      </SessionStub>,
    );
    return adoptSession;
  }

  it("is a labelled section with labelled password fields", () => {
    renderForm();
    const region = screen.getByRole("region", { name: "Change password" });
    for (const label of ["Current password", "New password", "Confirm new password"]) {
      expect(within(region).getByLabelText(label)).toHaveAttribute("type", "password");
    }
    expect(screen.getByLabelText("Current password")).toHaveAttribute("autocomplete", "current-password");
    expect(screen.getByLabelText("New password")).toHaveAttribute("autocomplete", "new-password");
  });

  it("checks the fields with the contracts' rules before sending anything", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderForm();
    await click("Change password");
    expect(errorUnder("Current password")).toContain(ACCOUNT_SECURITY_MESSAGES.currentPasswordRequired);
    expect(errorUnder("New password")).toContain("Password must be at least 8 characters");

    type("Current password", "old password 1");
    type("New password", "old password 1");
    await click("Change password");
    expect(errorUnder("New password")).toContain(ACCOUNT_SECURITY_MESSAGES.newPasswordSame);

    type("New password", "new password 2");
    type("Confirm new password", "new password 3");
    await click("Change password");
    expect(errorUnder("Confirm new password")).toContain(ACCOUNT_SECURITY_MESSAGES.confirmPasswordMismatch);
    expect(screen.getByLabelText("Confirm new password")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the change, adopts the fresh session, clears the fields and says so", async () => {
    const user = makeUser();
    const fetchMock = vi.fn(async () => json({ access_token: "fresh-token", user }));
    vi.stubGlobal("fetch", fetchMock);
    const adoptSession = renderForm(user);
    type("Current password", "old password 1");
    type("New password", "new password 2");
    type("Confirm new password", "new password 2");
    await click("Change password");

    expect(fetchMock).toHaveBeenCalledWith(
      "/api/users/password",
      expect.objectContaining({
        method: "PUT",
        body: JSON.stringify({ current_password: "old password 1", new_password: "new password 2" }),
      }),
    );
    expect(adoptSession).toHaveBeenCalledWith({ access_token: "fresh-token", user });
    expect(screen.getByRole("status")).toHaveTextContent(ACCOUNT_SECURITY_MESSAGES.passwordChanged);
    expect(screen.getByLabelText("Current password")).toHaveValue("");
    expect(screen.getByLabelText("New password")).toHaveValue("");
  });

  it("shows a wrong current password under its field, and other failures as an alert", async () => {
    const wrong = ACCOUNT_SECURITY_MESSAGES.currentPasswordWrong;
    vi.stubGlobal(
      "fetch",
      vi
        .fn()
        .mockResolvedValueOnce(
          json(
            { error: { code: "validation_error", message: wrong, fields: { current_password: wrong } } },
            400,
          ),
        )
        .mockResolvedValueOnce(
          json({ error: { code: "rate_limited", message: "Too many attempts. Please wait a moment." } }, 429),
        ),
    );
    const adoptSession = renderForm();
    type("Current password", "not it at all");
    type("New password", "new password 2");
    type("Confirm new password", "new password 2");
    await click("Change password");
    expect(errorUnder("Current password")).toContain(wrong);
    expect(screen.queryByRole("status")).toBeNull();

    await click("Change password");
    expect(screen.getByRole("alert")).toHaveTextContent("Too many attempts. Please wait a moment.");
    expect(adoptSession).not.toHaveBeenCalled();
  });

  it("tells a member without a password that there is nothing to change", () => {
    renderForm(makeUser({ has_password: false, email: null }));
    expect(screen.getByRole("region", { name: "Change password" })).toHaveTextContent(
      "no password to change",
    );
    expect(screen.queryByLabelText("Current password")).toBeNull();
  });
});

describe("SignOutEverywhere", () => {
  function renderButton(guard?: (action: () => void) => void) {
    const signOut = vi.fn(async () => undefined);
    render(
      <SessionStub value={makeSession({ status: "member", user: makeUser(), signOut })}>
        <SignOutEverywhere {...(guard ? { guard } : {})} />
      </SessionStub>,
    );
    return signOut;
  }

  it("asks first; Cancel sends nothing", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const signOut = renderButton();
    await click("Sign out everywhere");
    const dialog = screen.getByRole("dialog", { name: "Sign out everywhere?" });
    expect(dialog).toHaveTextContent("this one included");
    await click("Cancel", dialog);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();
  });

  it("ends every session on the server, then signs out here", async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    const signOut = renderButton();
    await click("Sign out everywhere");
    await click("Sign out everywhere", screen.getByRole("dialog"));
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/auth/logout-all",
      expect.objectContaining({ method: "POST" }),
    );
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it("stays signed in and shows the error when the server refuses", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json({ error: { code: "internal_error", message: "Uh oh, something went wrong" } }, 500),
      ),
    );
    const signOut = renderButton();
    await click("Sign out everywhere");
    await click("Sign out everywhere", screen.getByRole("dialog"));
    expect(screen.getByRole("alert")).toHaveTextContent("Uh oh, something went wrong");
    expect(signOut).not.toHaveBeenCalled();
  });

  it("opens through the page's unsaved-changes guard", async () => {
    const guard = vi.fn();
    renderButton(guard);
    await click("Sign out everywhere");
    expect(guard).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => guard.mock.calls[0]?.[0]());
    expect(screen.getByRole("dialog", { name: "Sign out everywhere?" })).toBeInTheDocument();
  });
});
