/**
 * The media engines' interfaces, shared by image generation (modules/images), character training and
 * voice. Each has real implementations speaking a real protocol, chosen from the configuration.
 */

/** One text-to-image request, engine-neutral. */
export type ImageRequest = {
  prompt: string;
  negativePrompt: string;
  width: number;
  height: number;
  /** Sampling steps where the engine takes them (A1111); ignored by the OpenAI images API. */
  steps: number;
  /** A character's trained LoRA (lora_status ready), added to the prompt where the engine supports it. */
  lora: { name: string; weight: number } | null;
};

/** Progress reported while an image is made; `step`/`steps` are null where the engine does not report them. */
export type ImageProgress = { fraction: number; step: number | null; steps: number | null };

/** A finished image: its bytes and their type (image/png, image/webp, image/jpeg). */
export type GeneratedImage = { bytes: Buffer; contentType: string };

export interface ImageEngine {
  readonly api: "a1111" | "openai";
  generate(
    request: ImageRequest,
    options: { signal: AbortSignal; onProgress: (progress: ImageProgress) => void },
  ): Promise<GeneratedImage>;
}

/** A stored object and its content type. */
export type StoredObject = { bytes: Buffer; contentType: string };

/**
 * Where generated images, LoRA files and other media live: local disk under DATA_DIR by default, or an
 * S3-compatible store. Keys are made by the server (never a member's input), e.g. `images/<uuid>.png`.
 */
export interface ObjectStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

/** An image classifier's answer: whether the image is NSFW, and the class scores it read it by. */
export type NsfwVerdict = { nsfw: boolean; scores: Record<string, number> };

export interface NsfwClassifier {
  classify(image: Buffer): Promise<NsfwVerdict>;
}
