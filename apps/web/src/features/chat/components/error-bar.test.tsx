import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ErrorBar } from "./error-bar";

const noop = () => {};

describe("ErrorBar", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("counts down 5 seconds before Resubmit is enabled", () => {
    render(
      <ErrorBar
        failure={{ code: "generation_failed", message: "upstream down" }}
        audience="free"
        canResubmit
        onResubmit={noop}
        onDismiss={noop}
        onUnblock={noop}
        unblocking={false}
      />,
    );
    expect(
      screen.getByText("There was an error processing the last request. (upstream down)"),
    ).toBeInTheDocument();
    expect(screen.getByText("You can try again in 5 seconds.")).toBeInTheDocument();
    const resubmit = screen.getByRole("button", { name: "Resubmit" });
    expect(resubmit).toBeDisabled();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "10");
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByText("You can try again in 1 second.")).toBeInTheDocument();
    expect(resubmit).toBeDisabled();
    act(() => vi.advanceTimersByTime(500));
    expect(resubmit).toBeEnabled();
  });

  it("offers no retry for invalidAccess and Sign Up Free to guests at the message limit", () => {
    const { rerender } = render(
      <MemoryRouter>
        <ErrorBar
          failure={{ code: "invalidAccess", message: "x" }}
          audience="guest"
          canResubmit
          onResubmit={noop}
          onDismiss={noop}
          onUnblock={noop}
          unblocking={false}
        />
      </MemoryRouter>,
    );
    expect(
      screen.getByText("You are not allowed to chat with this character. It's either private or deleted."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button")).toBeNull();
    rerender(
      <MemoryRouter>
        <ErrorBar
          failure={{ code: "message_limit", message: "limit" }}
          audience="guest"
          canResubmit
          onResubmit={noop}
          onDismiss={noop}
          onUnblock={noop}
          unblocking={false}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Sign Up Free" })).toHaveAttribute("href", "/register");
  });
});
