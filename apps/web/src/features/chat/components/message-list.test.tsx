import type { Message } from "@hearth/contracts";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { MessageActions } from "./message-item";
import { CUTOFF_NOTICE } from "./message-item";
import { MESSAGE_WINDOW_STEP, MessageList } from "./message-list";

function message(i: number): Message {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    conversation_id: "c",
    role: i % 2 === 0 ? "bot" : "user",
    content: `Message number ${i} <b>not bold</b>`,
    status: "complete",
    createdAt: "2026-01-01T00:00:00.000Z",
    alternates: [],
    alternate_index: 0,
    rating: null,
    rating_label: null,
    image_url: null,
    image_prompt: null,
  };
}

const actions: MessageActions = {
  copy: vi.fn(async () => true),
  edit: vi.fn(async () => true),
  rate: vi.fn(async () => true),
  report: vi.fn(),
  showAlternate: vi.fn(),
  regenerate: vi.fn(),
  continueReply: vi.fn(),
  selectForRemoval: vi.fn(),
};

function renderList(messages: Message[], oldestIncludedId: string | null = null) {
  return render(
    <MessageList
      messages={messages}
      oldestIncludedId={oldestIncludedId}
      streaming={null}
      characterName="Luna"
      characterAvatar={null}
      userName="Ada"
      busy={false}
      canRate
      canEdit
      removal={{ active: false, fromId: null }}
      actions={actions}
    />,
  );
}

describe("MessageList", () => {
  it("renders only the newest messages of a 5,000-message chat, and more on demand", () => {
    const messages = Array.from({ length: 5000 }, (_, i) => message(i));
    const { container } = renderList(messages);
    expect(container.querySelectorAll(".chat-message")).toHaveLength(MESSAGE_WINDOW_STEP);
    expect(screen.getByText(/Message number 4999/)).toBeInTheDocument();
    fireEvent.click(
      screen.getByRole("button", { name: `Show earlier messages (${5000 - MESSAGE_WINDOW_STEP})` }),
    );
    expect(container.querySelectorAll(".chat-message")).toHaveLength(2 * MESSAGE_WINDOW_STEP);
  });

  it("shows markup as text and the cut-off notice above the oldest included message", () => {
    const messages = Array.from({ length: 4 }, (_, i) => message(i));
    const { container } = renderList(messages, messages[2]?.id ?? null);
    expect(container.querySelector("b")).toBeNull();
    expect(screen.getAllByText(/<b>not bold<\/b>/)).toHaveLength(4);
    const notice = screen.getByText(CUTOFF_NOTICE);
    const third = container.querySelector(`[data-message-id="${messages[2]?.id}"]`);
    expect(third?.contains(notice)).toBe(true);
  });

  it("offers alternates, regenerate and continue on the last reply only", () => {
    const messages = [message(0), message(1), { ...message(2), alternates: ["a", "b"], alternate_index: 1 }];
    renderList(messages);
    expect(screen.getByText("2/2")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Regenerate reply" })).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Previous reply" }));
    expect(actions.showAlternate).toHaveBeenCalledWith(messages[2]?.id, 0);
  });
});
