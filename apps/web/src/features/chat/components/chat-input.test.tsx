import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import type { Typing } from "../hooks/use-chat";
import { ChatInput } from "./chat-input";

function Harness({ onSend, typing = null }: { onSend: (text: string) => void; typing?: Typing | null }) {
  const [value, setValue] = useState("");
  return (
    <ChatInput
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
});
