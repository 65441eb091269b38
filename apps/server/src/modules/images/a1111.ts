import type { GeneratedImage, ImageEngine, ImageProgress, ImageRequest } from "../media/index";
import { authorizationOf, ImageEngineError, imageFetch, readJson } from "./http";

/** How often the A1111 engine asks `/sdapi/v1/progress` while an image is made. */
export const A1111_PROGRESS_INTERVAL_MS = 400;

type ProgressAnswer = {
  progress?: unknown;
  state?: { sampling_step?: unknown; sampling_steps?: unknown; job_count?: unknown };
};

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);

/** The prompt with the character's LoRA (`<lora:name:weight>`), the A1111 syntax Forge and SD.Next share. */
export function a1111Prompt(request: ImageRequest): string {
  if (!request.lora) return request.prompt;
  return `${request.prompt} <lora:${request.lora.name}:${request.lora.weight}>`;
}

/** One progress answer as engine-neutral progress; null when it says nothing usable. */
export function progressOf(answer: ProgressAnswer): ImageProgress | null {
  const fraction = typeof answer.progress === "number" ? Math.min(1, Math.max(0, answer.progress)) : null;
  if (fraction === null) return null;
  const step = answer.state?.sampling_step;
  const steps = answer.state?.sampling_steps;
  const counted = isCount(step) && isCount(steps) && steps > 0;
  return { fraction, step: counted ? Math.min(step, steps) : null, steps: counted ? steps : null };
}

/**
 * The AUTOMATIC1111 / Forge / SD.Next web API (started with `--api`): `POST /sdapi/v1/txt2img` makes the
 * image (base64 PNG in `images[0]`), `GET /sdapi/v1/progress` is polled meanwhile for the sampling step,
 * and `POST /sdapi/v1/interrupt` stops it when the member leaves. IMAGE_MODEL, when set, is the
 * checkpoint (`override_settings.sd_model_checkpoint`).
 */
export function createA1111Engine(options: {
  baseUrl: string;
  apiKey: string | null;
  model: string | null;
  fetch?: typeof fetch;
  progressIntervalMs?: number;
}): ImageEngine {
  const doFetch = options.fetch ?? fetch;
  const headers = { "content-type": "application/json", ...authorizationOf(options.apiKey) };
  const interval = options.progressIntervalMs ?? A1111_PROGRESS_INTERVAL_MS;
  return {
    api: "a1111",
    async generate(request, { signal, onProgress }): Promise<GeneratedImage> {
      const body = {
        prompt: a1111Prompt(request),
        negative_prompt: request.negativePrompt,
        width: request.width,
        height: request.height,
        steps: request.steps,
        n_iter: 1,
        batch_size: 1,
        send_images: true,
        save_images: false,
        ...(options.model ? { override_settings: { sd_model_checkpoint: options.model } } : {}),
      };
      let finished = false;
      const poll = async () => {
        while (!finished && !signal.aborted) {
          await new Promise((resolve) => setTimeout(resolve, interval));
          if (finished || signal.aborted) return;
          try {
            const response = await doFetch(`${options.baseUrl}/sdapi/v1/progress?skip_current_image=true`, {
              headers,
              signal,
            });
            if (!response.ok) continue;
            const progress = progressOf((await response.json()) as ProgressAnswer);
            if (progress && !finished && progress.fraction > 0) onProgress(progress);
          } catch {
            // Progress is best effort; the image request decides the outcome.
          }
        }
      };
      const onAbort = () => {
        void doFetch(`${options.baseUrl}/sdapi/v1/interrupt`, { method: "POST", headers }).catch(() => {});
      };
      signal.addEventListener("abort", onAbort, { once: true });
      const polling = poll();
      try {
        const response = await imageFetch(doFetch, `${options.baseUrl}/sdapi/v1/txt2img`, {
          method: "POST",
          headers,
          body: JSON.stringify(body),
          signal,
        });
        const json = await readJson<{ images?: unknown }>(response);
        const first = Array.isArray(json.images) ? json.images[0] : undefined;
        if (typeof first !== "string" || first.length === 0) {
          throw new ImageEngineError("failed", "The image server answered no image.");
        }
        const bytes = Buffer.from(first.replace(/^data:image\/\w+;base64,/, ""), "base64");
        return { bytes, contentType: sniffImageType(bytes) };
      } finally {
        finished = true;
        signal.removeEventListener("abort", onAbort);
        await polling;
      }
    },
  };
}

/** The type of an image by its first bytes (PNG, JPEG, WebP); engines answer PNG unless told otherwise. */
export function sniffImageType(bytes: Buffer): string {
  if (bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))) return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return "image/jpeg";
  if (
    bytes.subarray(0, 4).toString("ascii") === "RIFF" &&
    bytes.subarray(8, 12).toString("ascii") === "WEBP"
  ) {
    return "image/webp";
  }
  throw new ImageEngineError("failed", "The image server answered something that is not an image.");
}
