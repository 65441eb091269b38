import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatFailure } from "../hooks/use-chat";
import { type Audience, ErrorBar } from "./error-bar";

const noop = () => {};

function bar(failure: ChatFailure, audience: Audience) {
  return (
    <MemoryRouter>
      <ErrorBar
        failure={failure}
        audience={audience}
        canResubmit
        onResubmit={noop}
        onDismiss={noop}
        onUnblock={noop}
        unblocking={false}
      />
    </MemoryRouter>
  );
}

describe("ErrorBar", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("counts down 5 seconds before Resubmit is enabled", () => {
    render(bar({ code: "generation_failed", message: "upstream down" }, "free"));
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
    const { rerender } = render(bar({ code: "invalidAccess", message: "x" }, "guest"));
    expect(
      screen.getByText("You are not allowed to chat with this character. It's either private or deleted."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button")).toBeNull();
    rerender(bar({ code: "message_limit", message: "limit" }, "guest"));
    expect(screen.getByRole("link", { name: "Sign Up Free" })).toHaveAttribute("href", "/register");
  });
});
