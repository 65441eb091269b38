import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RemovalCountdownDialog } from "./remove-account";

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
