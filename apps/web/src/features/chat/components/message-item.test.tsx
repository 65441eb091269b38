import type { Message } from "@hearth/contracts";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type MessageActions, MessageItem } from "./message-item";

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

function userMessage(id: string, content: string): Message {
  return {
    id,
    conversation_id: "c",
    role: "user",
    content,
    status: "complete",
    createdAt: "2026-01-01T00:00:00.000Z",
    alternates: [],
    alternate_index: 0,
    rating: null,
    rating_label: null,
    image_url: null,
    image_prompt: null,
    persona_name: null,
  };
}

function botMessage(id: string, rating: number | null, label: string | null): Message {
  return { ...userMessage(id, "Well met."), role: "bot", rating, rating_label: label };
}

function item(message: Message, unsent = false) {
  return (
    <MessageItem
      message={message}
      index={1}
      characterName="Luna"
      characterAvatar={null}
      userName="Ada"
      isLastBot={false}
      showCutoff={false}
      unsent={unsent}
      streaming={null}
      busy={false}
      canRate
      canEdit
      removal="off"
      actions={actions}
    />
  );
}

describe("MessageItem", () => {
  afterEach(() => vi.restoreAllMocks());

  it("turns regenerate and continue off while generating is locked (the waiting room), not the other actions", () => {
    const last = (generateLocked: boolean) => (
      <MessageItem
        message={botMessage("00000000-0000-4000-8000-000000000002", null, null)}
        index={2}
        characterName="Luna"
        characterAvatar={null}
        userName="Ada"
        isLastBot
        showCutoff={false}
        streaming={null}
        busy={false}
        generateLocked={generateLocked}
        canRate
        canEdit
        removal="off"
        actions={actions}
      />
    );
    const { rerender } = render(last(true));
    expect(screen.getByRole("button", { name: "Regenerate reply" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Continue reply" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Copy message" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Edit message" })).toBeEnabled();
    rerender(last(false));
    expect(screen.getByRole("button", { name: "Regenerate reply" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Continue reply" })).toBeEnabled();
  });

  it("marks a message that was not sent", () => {
    const { rerender } = render(item(userMessage("local-1", "Hello?"), true));
    expect(screen.getByText("Not sent")).toBeInTheDocument();
    rerender(item(userMessage("local-1", "Hello?"), false));
    expect(screen.queryByText("Not sent")).toBeNull();
  });

  it("opens the edit box at the height of its text, with the caret in it, and grows it while typing", () => {
    let contentHeight = 400;
    vi.spyOn(HTMLTextAreaElement.prototype, "scrollHeight", "get").mockImplementation(() => contentHeight);
    render(item(userMessage("00000000-0000-4000-8000-000000000001", "A long message ".repeat(40))));
    fireEvent.click(screen.getByRole("button", { name: "Edit message" }));
    const box = screen.getByRole("textbox", { name: "Edit message" });
    expect(box).toHaveFocus();
    expect(box.style.height).toBe("400px");
    contentHeight = 520;
    fireEvent.change(box, { target: { value: `${"A long message ".repeat(50)}` } });
    expect(box.style.height).toBe("520px");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("button", { name: "Edit message" })).toHaveFocus();
  });

  it("gives message actions 44px touch targets on phones", () => {
    render(item(userMessage("00000000-0000-4000-8000-000000000001", "Hi")));
    for (const name of ["Copy message", "Edit message"]) {
      // Tailwind: h-11 / min-w-11 = 44px below the sm breakpoint (checked in a real browser in e2e).
      expect(screen.getByRole("button", { name })).toHaveClass("h-11", "min-w-11");
    }
  });

  it("submits a star alone, then offers its reasons as a follow-up that submits too (chat spec 4)", async () => {
    const id = "00000000-0000-4000-8000-000000000002";
    const rate = vi.mocked(actions.rate);
    rate.mockClear();
    const { rerender } = render(item(botMessage(id, null, null)));
    fireEvent.click(screen.getByRole("button", { name: "Rate message" }));
    await act(async () => fireEvent.click(screen.getByRole("radio", { name: /Great/ })));
    expect(rate).toHaveBeenCalledTimes(1);
    expect(rate).toHaveBeenLastCalledWith(id, 3, null);
    expect(screen.getByRole("status")).toHaveTextContent("Thanks for your feedback!");

    rerender(item(botMessage(id, 3, null)));
    expect(screen.getByRole("button", { name: "Rated Great" })).toBeDisabled();
    for (const star of screen.getAllByRole("radio")) expect(star).toBeDisabled();
    expect(screen.getByRole("button", { name: "In character" })).toHaveFocus();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Creative" })));
    expect(rate).toHaveBeenLastCalledWith(id, 3, "Creative");
    rerender(item(botMessage(id, 3, "Creative")));
    expect(screen.queryByRole("region", { name: "Rate this message" })).toBeNull();
  });

  it("keeps an already rated message's rating disabled", () => {
    render(item(botMessage("00000000-0000-4000-8000-000000000003", 4, "Funny")));
    expect(screen.getByRole("button", { name: "Rated Fantastic" })).toBeDisabled();
  });
});
