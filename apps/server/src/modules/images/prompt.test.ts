import { IMAGE_LIMITS } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { a1111Prompt, progressOf } from "./a1111";
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

describe("A1111 protocol", () => {
  it("adds a ready LoRA to the prompt", () => {
    const base = { prompt: "a cat", negativePrompt: "", width: 512, height: 512, steps: 20 };
    expect(a1111Prompt({ ...base, lora: null })).toBe("a cat");
    expect(a1111Prompt({ ...base, lora: { name: "aria-v1", weight: 0.8 } })).toBe("a cat <lora:aria-v1:0.8>");
  });

  it("reads progress with and without steps", () => {
    expect(progressOf({ progress: 0.5, state: { sampling_step: 10, sampling_steps: 20 } })).toEqual({
      fraction: 0.5,
      step: 10,
      steps: 20,
    });
    expect(progressOf({ progress: 0.25, state: {} })).toEqual({ fraction: 0.25, step: null, steps: null });
    expect(progressOf({})).toBeNull();
  });
});
