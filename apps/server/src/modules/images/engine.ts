import type { ServerConfig } from "../../config";
import type { ImageEngine } from "../media/index";
import { createA1111Engine } from "./a1111";
import { createOpenAiImagesEngine } from "./openai-images";

/** The image engine IMAGE_* configures (IMAGE_API picks the protocol); null: images are not available. */
export function createImageEngine(
  images: ServerConfig["images"],
  options: { fetch?: typeof fetch; progressIntervalMs?: number } = {},
): ImageEngine | null {
  if (!images) return null;
  const settings = { baseUrl: images.baseUrl, apiKey: images.apiKey, model: images.model, ...options };
  return images.api === "openai" ? createOpenAiImagesEngine(settings) : createA1111Engine(settings);
}
