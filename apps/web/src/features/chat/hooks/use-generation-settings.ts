import type { GenerationSettings } from "@hearth/contracts";
import { useCallback, useState } from "react";
import { readGenerationSettings, saveGenerationSettings } from "../../../api/generation-settings";

/** The generation settings stored on this device, and a setter that stores them. */
export function useGenerationSettings() {
  const [settings, setSettings] = useState<GenerationSettings>(readGenerationSettings);
  const save = useCallback((next: GenerationSettings) => {
    setSettings(next);
    saveGenerationSettings(next);
  }, []);
  return [settings, save] as const;
}
