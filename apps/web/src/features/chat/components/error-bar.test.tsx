import { MESSAGE_LIMIT_TEXTS } from "@hearth/contracts";
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatFailure } from "../lib/chat-errors";
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
      screen.getByText("There was an error processing the last request. (The reply could not be finished.)"),
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

  it("shows the spec's words, never the server's internal message or the model server's address", () => {
    const internal =
      "The language model server at http://10.0.0.7:8000/v1 is unreachable (ECONNREFUSED). SELECT * FROM x";
    const { rerender } = render(bar({ code: "llm_unavailable", message: internal }, "free"));
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(
      "There was an error processing the last request. (The character can't reply right now.)",
    );
    expect(alert.textContent).not.toMatch(/10\.0\.0\.7|ECONNREFUSED|language model server|SELECT/);
    rerender(bar({ code: "some_new_code", message: internal }, "free"));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "There was an error processing the last request. (Uh oh, something went wrong.)",
    );
    expect(screen.getByRole("alert").textContent).not.toContain("10.0.0.7");
    rerender(bar({ code: "message_limit", message: internal }, "free"));
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGE_LIMIT_TEXTS.free);
    expect(screen.getByRole("alert").textContent).not.toContain("10.0.0.7");
    expect(screen.getByRole("link", { name: "Upgrade for unlimited messages" })).toHaveAttribute(
      "href",
      "/subscribe",
    );
  });

  it("says a message sent while another tab's reply runs was not sent, with no countdown or Resubmit", () => {
    render(bar({ code: "generation_in_progress", message: "busy" }, "free"));
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Not sent: a reply is still being written");
    expect(alert).toHaveTextContent("anything you wrote is back in the message box");
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.queryByRole("button", { name: "Resubmit" })).toBeNull();
    expect(screen.getByRole("button", { name: "Dismiss error" })).toBeInTheDocument();
  });

  it("is an opaque card, so messages scrolled under it never show through", () => {
    for (const failure of [
      { code: "generation_failed", message: "x" },
      { code: "message_limit", message: "x" },
      { code: "blockedBotCreator", message: "x" },
      { code: "generation_in_progress", message: "x" },
    ]) {
      const { unmount } = render(bar(failure, "free"));
      // The outer card is the page's opaque surface colour; only the inner layer is tinted.
      expect(screen.getByRole("alert")).toHaveClass("bg-surface-1");
      expect(screen.getByRole("alert").className).not.toMatch(/bg-[\w-]+\/\d+/);
      unmount();
    }
  });
});
