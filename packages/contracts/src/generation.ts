import { z } from "zod";
import { DEFAULT_INFERENCE_MODEL_ID } from "./inference-models";

/** Generation sliders (chat spec 5); active only with the generation_settings permission. */
export const GENERATION_LIMITS = {
  maxNewTokens: { min: 180, max: 300, step: 1 },
  temperature: { min: 0, max: 1.5, step: 0.01 },
  topP: { min: 0.01, max: 1, step: 0.01 },
  topK: { min: 1, max: 100, step: 1 },
} as const;

export const generationSettingsSchema = z.object({
  max_new_tokens: z
    .number()
    .int()
    .min(GENERATION_LIMITS.maxNewTokens.min)
    .max(GENERATION_LIMITS.maxNewTokens.max),
  temperature: z.number().min(GENERATION_LIMITS.temperature.min).max(GENERATION_LIMITS.temperature.max),
  top_p: z.number().min(GENERATION_LIMITS.topP.min).max(GENERATION_LIMITS.topP.max),
  top_k: z.number().int().min(GENERATION_LIMITS.topK.min).max(GENERATION_LIMITS.topK.max),
  inference_model_id: z.string().min(1).max(100),
});
export type GenerationSettings = z.infer<typeof generationSettingsSchema>;

export const DEFAULT_GENERATION_SETTINGS: GenerationSettings = {
  max_new_tokens: 200,
  temperature: 0.8,
  top_p: 0.9,
  top_k: 40,
  inference_model_id: DEFAULT_INFERENCE_MODEL_ID,
};

/** Generation settings are stored locally (chat spec 3), under this localStorage key. */
export const GENERATION_SETTINGS_STORAGE_KEY = "hearth.generation-settings";
