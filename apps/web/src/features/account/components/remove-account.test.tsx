import type { Me } from "@hearth/contracts";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeSession, makeUser, SessionStub } from "../../../test/session-fixtures";
import { RemovalCountdownDialog, RemoveAccount, SUBSCRIPTION_WARNING } from "./remove-account";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const PASSWORD_REQUIRED = "Enter your password to remove your account.";
const PASSWORD_WRONG = "That password is incorrect. Nothing was removed.";

function renderDialog(from: number, credential: "password" | "confirm" = "password") {
  const onRemoved = vi.fn();
  render(
    <RemovalCountdownDialog
      open
      from={from}
      credential={credential}
      onCancel={() => undefined}
      onRemoved={onRemoved}
    />,
  );
  return onRemoved;
}

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
  });
}

describe("RemovalCountdownDialog", () => {
  it("keeps Remove disabled until the countdown reaches zero, then removes with the password", async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    const onRemoved = renderDialog(3);

    expect(screen.getByRole("button", { name: "Remove (3)" })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole("button", { name: "Remove (2)" })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole("button", { name: "Remove (1)" })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole("button", { name: "Remove" })).toBeEnabled();

    // Without the password nothing is sent.
    await click("Remove");
    expect(screen.getByLabelText("Your password")).toHaveAccessibleDescription(
      expect.stringContaining(PASSWORD_REQUIRED),
    );
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText("Your password"), { target: { value: "my secret pass" } });
    await click("Remove");
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/users",
      expect.objectContaining({ method: "DELETE", body: JSON.stringify({ password: "my secret pass" }) }),
    );
    expect(onRemoved).toHaveBeenCalledTimes(1);
  });

  it("shows a wrong password under the field and stays open", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json(
          {
            error: {
              code: "validation_error",
              message: PASSWORD_WRONG,
              fields: { password: PASSWORD_WRONG },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const onRemoved = renderDialog(1);
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.change(screen.getByLabelText("Your password"), { target: { value: "wrong one" } });
    await click("Remove");
    expect(screen.getByLabelText("Your password")).toHaveAccessibleDescription(
      expect.stringContaining(PASSWORD_WRONG),
    );
    expect(screen.getByLabelText("Your password")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("dialog", { name: "Remove your account?" })).toBeInTheDocument();
    expect(onRemoved).not.toHaveBeenCalled();
  });

  it("shows the server's error and stays open", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json(
          { error: { code: "internal_error", message: "Uh oh, something went wrong" } },
          { status: 500 },
        ),
      ),
    );
    const onRemoved = renderDialog(1);
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.change(screen.getByLabelText("Your password"), { target: { value: "my secret pass" } });
    await click("Remove");
    expect(screen.getByRole("alert")).toHaveTextContent("Uh oh, something went wrong");
    expect(onRemoved).not.toHaveBeenCalled();
  });

  it("asks an account without a password to type DELETE", async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    const onRemoved = renderDialog(1, "confirm");
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByLabelText("Your password")).toBeNull();
    const field = screen.getByLabelText("Type DELETE to confirm");
    fireEvent.change(field, { target: { value: "delete" } });
    await click("Remove");
    expect(field).toHaveAccessibleDescription(expect.stringContaining("Type DELETE to confirm"));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: "DELETE" } });
    await click("Remove");
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/users",
      expect.objectContaining({ method: "DELETE", body: JSON.stringify({ confirm: "DELETE" }) }),
    );
    expect(onRemoved).toHaveBeenCalledTimes(1);
  });
});

describe("RemoveAccount", () => {
  function renderWith(
    check: { managed_subscription: boolean; countdown_seconds: number },
    user: Me = makeUser(),
  ) {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json(check)),
    );
    render(
      <SessionStub value={makeSession({ status: "member", user })}>
        <MemoryRouter>
          <RemoveAccount />
        </MemoryRouter>
      </SessionStub>,
    );
  }

  it("warns about a managed subscription first, then counts down from the constant plus one", async () => {
    renderWith({ managed_subscription: true, countdown_seconds: 4 });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Remove Account" }));
    });
    const warning = screen.getByRole("dialog", { name: "You have an active subscription" });
    expect(warning).toHaveAccessibleDescription(SUBSCRIPTION_WARNING);
    expect(screen.getByRole("link", { name: "Manage Subscription" })).toHaveAttribute(
      "href",
      "/manage-subscription",
    );
    fireEvent.click(screen.getByRole("button", { name: "Proceed" }));
    expect(screen.getByRole("button", { name: "Remove (5)" })).toBeDisabled();
  });

  it("goes straight to the countdown without a managed subscription, asking for the password", async () => {
    renderWith({ managed_subscription: false, countdown_seconds: 10 });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Remove Account" }));
    });
    expect(screen.queryByRole("dialog", { name: "You have an active subscription" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "Remove your account?" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove (11)" })).toBeDisabled();
    expect(screen.getByLabelText("Your password")).toHaveAttribute("type", "password");
  });

  it("asks a member without a password (partner sign-in) to type DELETE instead", async () => {
    renderWith({ managed_subscription: false, countdown_seconds: 3 }, makeUser({ has_password: false }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Remove Account" }));
    });
    expect(screen.getByLabelText("Type DELETE to confirm")).toBeInTheDocument();
    expect(screen.queryByLabelText("Your password")).toBeNull();
  });
});
