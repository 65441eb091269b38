import { describe, expect, it } from "vitest";
import { alternateKeyDirection, canSaveEdit, canSend, inputKeyAction } from "./keyboard";

describe("inputKeyAction", () => {
  it("sends on Enter and adds a newline on Shift+Enter", () => {
    expect(inputKeyAction({ key: "Enter", shiftKey: false }, false)).toBe("send");
    expect(inputKeyAction({ key: "Enter", shiftKey: true }, false)).toBe("newline");
  });

  it("never sends on mobile or during composition", () => {
    expect(inputKeyAction({ key: "Enter", shiftKey: false }, true)).toBe("newline");
    expect(inputKeyAction({ key: "Enter", shiftKey: false, isComposing: true }, false)).toBe("newline");
  });

  it("ignores other keys", () => {
    expect(inputKeyAction({ key: "a", shiftKey: false }, false)).toBeNull();
  });
});

describe("canSend", () => {
  it("needs non-blank text", () => {
    expect(canSend("")).toBe(false);
    expect(canSend("  \n\t ")).toBe(false);
    expect(canSend(" hi ")).toBe(true);
  });
});

describe("alternateKeyDirection", () => {
  const body = document.body;

  it("maps ArrowLeft and ArrowRight to previous and next", () => {
    expect(alternateKeyDirection({ key: "ArrowLeft", target: body }, false)).toBe(-1);
    expect(alternateKeyDirection({ key: "ArrowRight", target: body }, false)).toBe(1);
    expect(alternateKeyDirection({ key: "ArrowUp", target: body }, false)).toBeNull();
  });

  it("is off while a modal is open or with modifiers", () => {
    expect(alternateKeyDirection({ key: "ArrowLeft", target: body }, true)).toBeNull();
    expect(alternateKeyDirection({ key: "ArrowLeft", altKey: true, target: body }, false)).toBeNull();
    expect(alternateKeyDirection({ key: "ArrowRight", metaKey: true, target: body }, false)).toBeNull();
  });

  it("is off while a text field or something inside a dialog has focus", () => {
    const textarea = document.createElement("textarea");
    const input = document.createElement("input");
    const dialog = document.createElement("div");
    dialog.setAttribute("role", "dialog");
    const button = document.createElement("button");
    dialog.append(button);
    const plainButton = document.createElement("button");
    document.body.append(textarea, input, dialog, plainButton);
    expect(alternateKeyDirection({ key: "ArrowLeft", target: textarea }, false)).toBeNull();
    expect(alternateKeyDirection({ key: "ArrowLeft", target: input }, false)).toBeNull();
    expect(alternateKeyDirection({ key: "ArrowRight", target: button }, false)).toBeNull();
    expect(alternateKeyDirection({ key: "ArrowRight", target: plainButton }, false)).toBe(1);
  });
});

describe("canSaveEdit", () => {
  it("needs non-empty trimmed text that differs from the original", () => {
    expect(canSaveEdit("Hello", "Hello")).toBe(false);
    expect(canSaveEdit("Hello", "  Hello  ")).toBe(false);
    expect(canSaveEdit("Hello", "   ")).toBe(false);
    expect(canSaveEdit("Hello", "Hello there")).toBe(true);
  });
});
