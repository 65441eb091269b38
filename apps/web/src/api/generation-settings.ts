import {
  DEFAULT_GENERATION_SETTINGS,
  GENERATION_SETTINGS_STORAGE_KEY,
  type GenerationSettings,
  generationSettingsSchema,
} from "@hearth/contracts";
import { safeStorage } from "../lib/storage";

/**
 * The generation settings stored in this browser (chat spec 3), shared by the settings page and the chat.
 * Missing fields take their defaults (a value stored by an older version keeps the rest); anything
 * unparseable or out of range gives the defaults.
 */
export function readGenerationSettings(): GenerationSettings {
  const raw = safeStorage.get(GENERATION_SETTINGS_STORAGE_KEY);
  if (!raw) return DEFAULT_GENERATION_SETTINGS;
  try {
    const parsed = generationSettingsSchema.partial().safeParse(JSON.parse(raw));
    return parsed.success ? { ...DEFAULT_GENERATION_SETTINGS, ...parsed.data } : DEFAULT_GENERATION_SETTINGS;
  } catch {
    return DEFAULT_GENERATION_SETTINGS;
  }
}

export function saveGenerationSettings(settings: GenerationSettings): void {
  safeStorage.set(GENERATION_SETTINGS_STORAGE_KEY, JSON.stringify(settings));
}

/** Changes the chosen model and keeps the other (slider) settings as they are. */
export function saveInferenceModel(modelId: string): GenerationSettings {
  const next = { ...readGenerationSettings(), inference_model_id: modelId };
  saveGenerationSettings(next);
  return next;
}
