import { type QueueAnswer, WAITING_ROOM } from "@hearth/contracts";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { viewOf } from "../lib/waiting-room";
import { WAITING_ROOM_TEXT, WaitingRoomBanner } from "./waiting-room-banner";

const CHARACTER = "char-1";

function banner(overrides: Partial<QueueAnswer>, member = true) {
  const answer: QueueAnswer = {
    status: "waiting",
    position: 4,
    time_left: null,
    bypass: null,
    retry_after: WAITING_ROOM.retryAfterMs,
    ...overrides,
  };
  return (
    <MemoryRouter>
      <WaitingRoomBanner room={viewOf(answer, CHARACTER)} member={member} />
    </MemoryRouter>
  );
}

describe("WaitingRoomBanner", () => {
  it("says the place in line in a polite status region, with a heading", () => {
    render(banner({ position: 4 }));
    const region = screen.getByRole("status");
    expect(region).toHaveAttribute("aria-live", "polite");
    expect(screen.getByRole("heading", { name: "You're in the waiting room" })).toBeInTheDocument();
    expect(region).toHaveTextContent("You are number 4 in line.");
    expect(region).not.toHaveTextContent("minute");
    expect(region).not.toHaveTextContent(WAITING_ROOM_TEXT.expired);
  });

  it("shows the minutes left only from 60 seconds on, rounded up", () => {
    const { rerender } = render(banner({ position: 2, time_left: 59 }));
    expect(screen.getByRole("status")).toHaveTextContent("You are number 2 in line.");
    expect(screen.getByRole("status")).not.toHaveTextContent("minute");
    rerender(banner({ position: 2, time_left: 60 }));
    expect(screen.getByRole("status")).toHaveTextContent("You are number 2 in line, about 1 minute left.");
    rerender(banner({ position: 2, time_left: 241 }));
    expect(screen.getByRole("status")).toHaveTextContent("You are number 2 in line, about 5 minutes left.");
  });

  it("says the 20 minutes of access ended when they expired, back in line", () => {
    render(banner({ status: "expired", position: 9, time_left: 600 }));
    const region = screen.getByRole("status");
    expect(region).toHaveTextContent("Your 20 minutes of chat access ended, so you're back in line.");
    expect(region).toHaveTextContent("You are number 9 in line, about 10 minutes left.");
  });

  it("sends members to subscribe and guests to sign up to skip the line", () => {
    const { rerender } = render(banner({}, true));
    expect(screen.getByRole("link", { name: "Skip the line" })).toHaveAttribute("href", "/subscribe");
    rerender(banner({}, false));
    expect(screen.getByRole("link", { name: "Sign up to skip the line" })).toHaveAttribute(
      "href",
      "/register",
    );
  });

  it("keeps the live region empty when chat is open: access, refresh, or the bypass character", () => {
    const { rerender } = render(banner({ status: "access", position: 0 }));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    rerender(banner({ status: "refresh", position: 0 }));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    rerender(banner({ status: "waiting", position: 3, bypass: CHARACTER }));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("says the place is being checked when it is not known (the queue could not be asked)", () => {
    render(banner({ position: 0 }));
    expect(screen.getByRole("status")).toHaveTextContent(WAITING_ROOM_TEXT.unknownPosition);
  });
});
