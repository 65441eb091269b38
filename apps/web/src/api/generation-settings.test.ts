import { DEFAULT_GENERATION_SETTINGS, GENERATION_SETTINGS_STORAGE_KEY } from "@hearth/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { readGenerationSettings, saveGenerationSettings, saveInferenceModel } from "./generation-settings";

afterEach(() => window.localStorage.clear());

const stored = () => JSON.parse(window.localStorage.getItem(GENERATION_SETTINGS_STORAGE_KEY) ?? "");

describe("generation settings storage", () => {
  it("answers the defaults when nothing, garbage or an out-of-range value is stored", () => {
    expect(readGenerationSettings()).toEqual(DEFAULT_GENERATION_SETTINGS);
    window.localStorage.setItem(GENERATION_SETTINGS_STORAGE_KEY, "{not json");
    expect(readGenerationSettings()).toEqual(DEFAULT_GENERATION_SETTINGS);
    window.localStorage.setItem(GENERATION_SETTINGS_STORAGE_KEY, JSON.stringify({ temperature: 9 }));
    expect(readGenerationSettings()).toEqual(DEFAULT_GENERATION_SETTINGS);
  });

  it("fills fields missing from what an older version stored with the defaults", () => {
    window.localStorage.setItem(
      GENERATION_SETTINGS_STORAGE_KEY,
      JSON.stringify({ inference_model_id: "experimental-1" }),
    );
    expect(readGenerationSettings()).toEqual({
      ...DEFAULT_GENERATION_SETTINGS,
      inference_model_id: "experimental-1",
    });
  });

  it("reads back what was saved", () => {
    const custom = { ...DEFAULT_GENERATION_SETTINGS, temperature: 1.2 };
    saveGenerationSettings(custom);
    expect(readGenerationSettings()).toEqual(custom);
  });

  it("changes only the model and keeps the sliders", () => {
    const custom = { ...DEFAULT_GENERATION_SETTINGS, temperature: 1.2 };
    window.localStorage.setItem(GENERATION_SETTINGS_STORAGE_KEY, JSON.stringify(custom));
    expect(saveInferenceModel("experimental-1")).toEqual({ ...custom, inference_model_id: "experimental-1" });
    expect(stored()).toEqual({ ...custom, inference_model_id: "experimental-1" });
  });
});
