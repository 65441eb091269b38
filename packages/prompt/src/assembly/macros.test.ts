import { describe, expect, it } from "vitest";
import { applyMacros } from "./macros";

describe("applyMacros", () => {
  const names = { char: "Mara", user: "Sam" };

  it("replaces {{char}} and {{user}} in any case and the legacy <BOT> and <USER>", () => {
    expect(applyMacros("{{char}} greets {{User}}; <BOT> winks at <user>. {{CHAR}}!", names)).toBe(
      "Mara greets Sam; Mara winks at Sam. Mara!",
    );
  });

  it("leaves other braces and tags alone, and names with $ patterns literal", () => {
    expect(applyMacros("{{chars}} <b>bold</b> {user}", names)).toBe("{{chars}} <b>bold</b> {user}");
    expect(applyMacros("{{user}}", { char: "x", user: "$& $1" })).toBe("$& $1");
  });
});
