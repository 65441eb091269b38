import { describe, expect, it } from "vitest";
import { applyMacros, segmentMessage } from "./message-format";

describe("segmentMessage", () => {
  it("marks actions and dialogue", () => {
    expect(segmentMessage('*waves* "Hello there!" she said.')).toEqual([
      { kind: "action", text: "waves" },
      { kind: "plain", text: " " },
      { kind: "dialogue", text: '"Hello there!"' },
      { kind: "plain", text: " she said." },
    ]);
  });

  it("keeps unclosed markers and markup as plain text", () => {
    expect(segmentMessage("a * b <script>x</script>")).toEqual([
      { kind: "plain", text: "a * b <script>x</script>" },
    ]);
  });
});

describe("applyMacros", () => {
  it("fills in char and user", () => {
    expect(applyMacros("{{char}} greets {{USER}}", "Luna", "Ada")).toBe("Luna greets Ada");
  });
});
