import { describe, expect, it } from "vitest";
import { speakableText } from "./speakable";

describe("speakableText", () => {
  it("fills the names and drops markup", () => {
    expect(
      speakableText("*waves at {{user}}* Hello, I'm **{{char}}**! See [this](https://x.test).\n\n> quoted", {
        char: "Aria",
        user: "Sam",
      }),
    ).toBe("waves at Sam Hello, I'm Aria! See this. quoted");
  });

  it("cuts at the engine's limit", () => {
    expect(speakableText("a ".repeat(5000), { char: "", user: "" }).length).toBe(4096);
  });
});
