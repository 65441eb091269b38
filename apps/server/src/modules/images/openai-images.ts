import type { GeneratedImage, ImageEngine } from "../media/index";
import { sniffImageType } from "./a1111";
import { authorizationOf, ImageEngineError, imageFetch, readJson } from "./http";

/** Models that make only square 1024 images (and always answer base64). */
const LARGE_ONLY = /^(dall-e-3|gpt-image)/;

/** The API root: IMAGE_BASE_URL with `/v1` added unless it already ends in it. */
export const openAiImagesRoot = (baseUrl: string): string =>
  /\/v1$/.test(baseUrl) ? baseUrl : `${baseUrl}/v1`;

/**
 * An OpenAI-compatible images API (OpenAI, LocalAI): `POST /v1/images/generations` with
 * `response_format: "b64_json"`, one image. It reports no progress: the chat shows the start and the end.
 * A character's LoRA is not sent (the API has no such parameter).
 */
export function createOpenAiImagesEngine(options: {
  baseUrl: string;
  apiKey: string | null;
  model: string | null;
  fetch?: typeof fetch;
}): ImageEngine {
  const doFetch = options.fetch ?? fetch;
  const root = openAiImagesRoot(options.baseUrl);
  return {
    api: "openai",
    async generate(request, { signal, onProgress }): Promise<GeneratedImage> {
      onProgress({ fraction: 0, step: null, steps: null });
      const large = options.model !== null && LARGE_ONLY.test(options.model);
      const body = {
        ...(options.model ? { model: options.model } : {}),
        prompt: request.negativePrompt
          ? `${request.prompt}\nAvoid: ${request.negativePrompt}`
          : request.prompt,
        n: 1,
        size: large ? "1024x1024" : `${request.width}x${request.height}`,
        // gpt-image models always answer base64 and refuse the parameter.
        ...(options.model?.startsWith("gpt-image") ? {} : { response_format: "b64_json" }),
      };
      const response = await imageFetch(doFetch, `${root}/images/generations`, {
        method: "POST",
        headers: { "content-type": "application/json", ...authorizationOf(options.apiKey) },
        body: JSON.stringify(body),
        signal,
      });
      const json = await readJson<{ data?: { b64_json?: unknown }[] }>(response);
      const encoded = json.data?.[0]?.b64_json;
      if (typeof encoded !== "string" || encoded.length === 0) {
        throw new ImageEngineError("failed", "The image server answered no image.");
      }
      const bytes = Buffer.from(encoded, "base64");
      const image = { bytes, contentType: sniffImageType(bytes) };
      onProgress({ fraction: 1, step: null, steps: null });
      return image;
    },
  };
}
