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

  it("keeps each pair of names apart when a text comes again", () => {
    const text = "{{char}} waits for {{user}}.";
    const first = applyMacros(text, names);
    expect(applyMacros(text, names)).toBe(first);
    expect(applyMacros(text, { char: "Mara", user: "Ann" })).toBe("Mara waits for Ann.");
    expect(applyMacros(text, { char: "Ann", user: "Mara" })).toBe("Ann waits for Mara.");
    expect(applyMacros(text, names)).toBe("Mara waits for Sam.");
    expect(applyMacros(text, { char: "Mara\u0000Sam", user: "" })).toBe("Mara\u0000Sam waits for .");
  });

  it("stays right past what it remembers, and with texts longer than all it remembers", () => {
    const long = `{{char}} ${"x".repeat(1_100_000)} {{user}}`;
    for (let round = 0; round < 3; round++) {
      expect(applyMacros(long, names)).toBe(`Mara ${"x".repeat(1_100_000)} Sam`);
      expect(applyMacros(long, { char: "Ann", user: "Bo" })).toBe(`Ann ${"x".repeat(1_100_000)} Bo`);
    }
    for (let i = 0; i < 2500; i++) {
      const filler = "y".repeat(i % 900);
      expect(applyMacros(`{{user}} #${i}${filler}`, { char: "Mara", user: `U${i % 7}` })).toBe(
        `U${i % 7} #${i}${filler}`,
      );
    }
    expect(applyMacros("{{user}} #3yyy", { char: "Mara", user: "U3" })).toBe("U3 #3yyy");
  });
});
