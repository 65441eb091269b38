import { IMAGE_LIMITS } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { buildImagePrompt } from "./prompt";

const character = {
  name: "Aria",
  title: "Starship pilot",
  persona: "{{char}} has silver hair.",
  scenario: "",
};

describe("buildImagePrompt", () => {
  it("reads the character, the scene and the last messages", () => {
    const prompt = buildImagePrompt({
      character: { ...character, scenario: "A hangar at night with {{user}}." },
      userName: "Sam",
      messages: [
        { role: "bot", content: "first" },
        { role: "user", content: "second" },
        { role: "bot", content: "" },
        { role: "user", content: "third" },
        { role: "bot", content: "fourth" },
        { role: "user", content: "Let's fly" },
      ],
    });
    expect(prompt).toBe(
      "Aria, Starship pilot. Aria has silver hair. Scene: A hangar at night with Sam. Moment: second third fourth Let's fly",
    );
  });

  it("stays within the prompt limit", () => {
    const long = "word ".repeat(2000);
    const prompt = buildImagePrompt({
      character: { ...character, persona: long, scenario: long },
      userName: "Sam",
      messages: Array.from({ length: 10 }, () => ({ role: "user" as const, content: long })),
    });
    expect(prompt.length).toBeLessThanOrEqual(IMAGE_LIMITS.promptMax);
  });
});
