import { describe, expect, it } from "vitest";
import { applyMacros } from "./message-format";

describe("applyMacros", () => {
  it("fills in char and user", () => {
    expect(applyMacros("{{char}} greets {{USER}}", "Luna", "Ada")).toBe("Luna greets Ada");
  });
});
