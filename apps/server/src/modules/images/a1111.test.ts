import { describe, expect, it } from "vitest";
import { a1111Prompt, progressOf } from "./a1111";

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
