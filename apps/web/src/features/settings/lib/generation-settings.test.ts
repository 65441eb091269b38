import { DEFAULT_GENERATION_SETTINGS, GENERATION_SETTINGS_STORAGE_KEY } from "@hearth/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { readGenerationSettings, requiredPlanFor, saveInferenceModel } from "./generation-settings";

afterEach(() => window.localStorage.clear());

describe("generation settings storage", () => {
  it("answers the defaults when nothing or garbage is stored", () => {
    expect(readGenerationSettings()).toEqual(DEFAULT_GENERATION_SETTINGS);
    window.localStorage.setItem(GENERATION_SETTINGS_STORAGE_KEY, "{not json");
    expect(readGenerationSettings()).toEqual(DEFAULT_GENERATION_SETTINGS);
    window.localStorage.setItem(GENERATION_SETTINGS_STORAGE_KEY, JSON.stringify({ temperature: 9 }));
    expect(readGenerationSettings()).toEqual(DEFAULT_GENERATION_SETTINGS);
  });

  it("changes only the model and keeps the sliders", () => {
    const custom = { ...DEFAULT_GENERATION_SETTINGS, temperature: 1.2 };
    window.localStorage.setItem(GENERATION_SETTINGS_STORAGE_KEY, JSON.stringify(custom));
    saveInferenceModel("experimental-1");
    expect(JSON.parse(window.localStorage.getItem(GENERATION_SETTINGS_STORAGE_KEY) ?? "")).toEqual({
      ...custom,
      inference_model_id: "experimental-1",
    });
  });
});

describe("requiredPlanFor", () => {
  it("names the cheapest plan with the permission", () => {
    expect(requiredPlanFor(null)).toBeNull();
    expect(requiredPlanFor("view_chat")).toBe("Free");
    expect(requiredPlanFor("3k_context")).toBe("Get a Taste");
    expect(requiredPlanFor("generation_settings")).toBe("True Supporter");
    expect(requiredPlanFor("8k_context")).toBe("I'm All In");
  });
});
