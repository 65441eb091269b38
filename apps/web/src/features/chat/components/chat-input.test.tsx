import { fireEvent, render, screen } from "@testing-library/react";
import { createRef, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import type { Typing } from "../lib/chat-state";
import { ChatInput, type ChatInputHandle } from "./chat-input";

function Harness({
  onSend,
  typing = null,
  handleRef,
}: {
  onSend: (text: string) => void;
  typing?: Typing | null;
  handleRef?: React.Ref<ChatInputHandle>;
}) {
  const [value, setValue] = useState("");
  return (
    <ChatInput
      handleRef={handleRef}
      value={value}
      onChange={setValue}
      onSend={() => onSend(value)}
      onStop={() => {}}
      onSuggest={() => {}}
      typing={typing}
      characterName="Luna"
      disabled={false}
    />
  );
}

describe("ChatInput", () => {
  it("sends on Enter, not on Shift+Enter, and never blank text", () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    const box = screen.getByRole("textbox", { name: "Message Luna" });
    const send = screen.getByRole("button", { name: "Send" });
    expect(send).toBeDisabled();
    fireEvent.change(box, { target: { value: "   " } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: "Hi there" } });
    expect(send).toBeEnabled();
    fireEvent.keyDown(box, { key: "Enter", shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).toHaveBeenCalledWith("Hi there");
  });

  it("is disabled with a Stop button while the character types", () => {
    render(<Harness onSend={() => {}} typing="bot" />);
    expect(screen.getByRole("textbox", { name: "Message Luna" })).toBeDisabled();
    expect(screen.getByPlaceholderText("Luna is typing…")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Stop" })).toBeEnabled();
    expect(screen.queryByRole("button", { name: "Send" })).toBeNull();
  });

  it("gives the caret back after a reply to an input that had it when sending, and only then", () => {
    const { rerender } = render(<Harness onSend={() => {}} />);
    const box = screen.getByRole("textbox", { name: "Message Luna" });
    box.focus();
    fireEvent.change(box, { target: { value: "Hi" } });
    fireEvent.keyDown(box, { key: "Enter" });
    // The input is disabled while the reply is written, and a browser then drops its focus.
    box.blur();
    rerender(<Harness onSend={() => {}} typing="bot" />);
    expect(box).not.toHaveFocus();
    rerender(<Harness onSend={() => {}} />);
    expect(box).toHaveFocus();

    // Sent with the Send button while the input did not have the focus (a phone's keyboard was closed).
    box.blur();
    fireEvent.change(box, { target: { value: "Again" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    rerender(<Harness onSend={() => {}} typing="bot" />);
    rerender(<Harness onSend={() => {}} />);
    expect(box).not.toHaveFocus();
  });

  it("a click on Send keeps the caret in the input", () => {
    render(<Harness onSend={() => {}} />);
    const box = screen.getByRole("textbox", { name: "Message Luna" });
    box.focus();
    fireEvent.change(box, { target: { value: "Hi" } });
    const pressed = fireEvent.mouseDown(screen.getByRole("button", { name: "Send" }));
    // false: the default (moving the focus to the button) was prevented.
    expect(pressed).toBe(false);
  });

  it("focusWhenReady puts the caret back after a regenerate, unless the member focused something else", () => {
    const handle = createRef<ChatInputHandle>();
    const page = (typing: Typing | null) => (
      <>
        <button type="button">Elsewhere</button>
        <Harness onSend={() => {}} typing={typing} handleRef={handle} />
      </>
    );
    const { rerender } = render(page("bot"));
    const box = screen.getByRole("textbox", { name: "Message Luna" });
    handle.current?.focusWhenReady();
    rerender(page(null));
    expect(box).toHaveFocus();

    rerender(page("bot"));
    box.blur();
    handle.current?.focusWhenReady();
    const elsewhere = screen.getByRole("button", { name: "Elsewhere" });
    elsewhere.focus();
    rerender(page(null));
    expect(elsewhere).toHaveFocus();
  });
});
