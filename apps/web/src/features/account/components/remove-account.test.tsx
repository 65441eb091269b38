import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeSession, SessionStub } from "../../../test/session-fixtures";
import { RemovalCountdownDialog, RemoveAccount } from "./remove-account";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("RemovalCountdownDialog", () => {
  it("keeps Remove disabled until the countdown reaches zero, then removes", async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    const onRemoved = vi.fn();
    render(<RemovalCountdownDialog open from={3} onCancel={() => undefined} onRemoved={onRemoved} />);

    expect(screen.getByRole("button", { name: "Remove (3)" })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole("button", { name: "Remove (2)" })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole("button", { name: "Remove (1)" })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    const remove = screen.getByRole("button", { name: "Remove" });
    expect(remove).toBeEnabled();

    await act(async () => {
      fireEvent.click(remove);
    });
    expect(fetchMock).toHaveBeenCalledWith("/api/users", expect.objectContaining({ method: "DELETE" }));
    expect(onRemoved).toHaveBeenCalledTimes(1);
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
    const onRemoved = vi.fn();
    render(<RemovalCountdownDialog open from={1} onCancel={() => undefined} onRemoved={onRemoved} />);
    act(() => vi.advanceTimersByTime(1000));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    });
    expect(screen.getByRole("alert")).toHaveTextContent("Uh oh, something went wrong");
    expect(onRemoved).not.toHaveBeenCalled();
  });
});

describe("RemoveAccount", () => {
  function renderWith(check: { managed_subscription: boolean; countdown_seconds: number }) {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json(check)),
    );
    render(
      <SessionStub value={makeSession({ status: "member" })}>
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
    expect(warning).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Manage Subscription" })).toHaveAttribute(
      "href",
      "/manage-subscription",
    );
    fireEvent.click(screen.getByRole("button", { name: "Proceed" }));
    expect(screen.getByRole("button", { name: "Remove (5)" })).toBeDisabled();
  });

  it("goes straight to the countdown without a managed subscription", async () => {
    renderWith({ managed_subscription: false, countdown_seconds: 10 });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Remove Account" }));
    });
    expect(screen.queryByRole("dialog", { name: "You have an active subscription" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "Remove your account?" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove (11)" })).toBeDisabled();
  });
});
