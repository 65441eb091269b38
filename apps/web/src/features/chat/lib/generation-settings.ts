import { DEFAULT_GENERATION_SETTINGS, type GenerationSettings } from "@hearth/contracts";

/**
 * What a generate request carries: the sliders only with the generation_settings permission, the chosen
 * model always (the server checks the model's own permission). The stored settings themselves are read and
 * written by the shared api/generation-settings.
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
