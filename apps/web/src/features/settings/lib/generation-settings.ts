import {
  DEFAULT_GENERATION_SETTINGS,
  GENERATION_SETTINGS_STORAGE_KEY,
  type GenerationSettings,
  generationSettingsSchema,
  PAID_ROLES,
  type Permission,
  ROLE_DISPLAY_NAMES,
  ROLE_PERMISSIONS,
} from "@hearth/contracts";
import { safeStorage } from "../../../lib/storage";

/** The locally stored generation settings (shared with the chat page); defaults when absent or invalid. */
export function readGenerationSettings(): GenerationSettings {
  const raw = safeStorage.get(GENERATION_SETTINGS_STORAGE_KEY);
  if (!raw) return DEFAULT_GENERATION_SETTINGS;
  try {
    const parsed = generationSettingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_GENERATION_SETTINGS;
  } catch {
    return DEFAULT_GENERATION_SETTINGS;
  }
}

/** Changes the chosen model and keeps the other (slider) settings as they are. */
export function saveInferenceModel(modelId: string): GenerationSettings {
  const next = { ...readGenerationSettings(), inference_model_id: modelId };
  safeStorage.set(GENERATION_SETTINGS_STORAGE_KEY, JSON.stringify(next));
  return next;
}

/** The cheapest plan that grants a permission, for "Requires {plan}" on locked models. */
export function requiredPlanFor(permission: Permission | null): string | null {
  if (!permission) return null;
  if (ROLE_PERMISSIONS.free.includes(permission)) return ROLE_DISPLAY_NAMES.free;
  const role = PAID_ROLES.find((r) => ROLE_PERMISSIONS[r].includes(permission));
  return role ? ROLE_DISPLAY_NAMES[role] : null;
}
