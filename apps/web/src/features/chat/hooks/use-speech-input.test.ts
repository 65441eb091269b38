import { afterEach, describe, expect, it, vi } from "vitest";
import { appendSpoken, speechInputMode } from "./use-speech-input";

describe("speech input", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("adds what was heard to the text being written with one space", () => {
    expect(appendSpoken("", " hello there ")).toBe("hello there");
    expect(appendSpoken("I said  ", "hello")).toBe("I said hello");
    expect(appendSpoken("Unchanged", "   ")).toBe("Unchanged");
  });

  it("prefers the browser's recognition, then a recording the server transcribes, else none", () => {
    vi.stubGlobal("webkitSpeechRecognition", class {});
    expect(speechInputMode(false)).toBe("recognition");
    vi.unstubAllGlobals();
    vi.stubGlobal("MediaRecorder", class {});
    vi.stubGlobal("navigator", { ...navigator, mediaDevices: { getUserMedia: () => Promise.resolve() } });
    expect(speechInputMode(true)).toBe("recording");
    expect(speechInputMode(false)).toBe("none");
  });
});
