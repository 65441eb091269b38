import {
  DEFAULT_GENERATION_SETTINGS,
  GENERATION_SETTINGS_STORAGE_KEY,
  type GenerationSettings,
  generationSettingsSchema,
} from "@hearth/contracts";
import { safeStorage } from "../../../lib/storage";

/** The locally stored generation settings (chat spec 3); anything missing or invalid falls back to defaults. */
export function loadGenerationSettings(): GenerationSettings {
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

/**
 * What a generate request carries: the sliders only with the generation_settings permission, the chosen
 * model always (the server checks the model's own permission).
 */
export function settingsForRequest(
  settings: GenerationSettings,
  canTune: boolean,
): Partial<GenerationSettings> | undefined {
  if (canTune) return settings;
  return settings.inference_model_id === DEFAULT_GENERATION_SETTINGS.inference_model_id
    ? undefined
    : { inference_model_id: settings.inference_model_id };
}
