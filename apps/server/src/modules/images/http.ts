/** Why an image could not be made: the server cannot be reached / refused (unavailable) or failed. */
export class ImageEngineError extends Error {
  constructor(
    readonly kind: "unavailable" | "failed",
    message: string,
  ) {
    super(message);
    this.name = "ImageEngineError";
  }
}

/**
 * IMAGE_API_KEY as a header: `user:password` is HTTP Basic (A1111's `--api-auth`), anything else a
 * Bearer token (OpenAI, LocalAI, a proxy in front of Forge or SD.Next).
 */
export function authorizationOf(apiKey: string | null): Record<string, string> {
  if (!apiKey) return {};
  if (apiKey.includes(":")) return { authorization: `Basic ${Buffer.from(apiKey).toString("base64")}` };
  return { authorization: `Bearer ${apiKey}` };
}

/** fetch that turns a refused connection or an error status into an ImageEngineError (abort passes through). */
export async function imageFetch(doFetch: typeof fetch, url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await doFetch(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ImageEngineError("unavailable", `The image server cannot be reached: ${String(error)}`);
  }
  if (!response.ok) {
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    throw new ImageEngineError(
      response.status >= 500 || response.status === 401 || response.status === 403 ? "unavailable" : "failed",
      `The image server answered ${response.status}: ${detail}`,
    );
  }
  return response;
}

export async function readJson<T>(response: Response): Promise<T> {
  try {
    return (await response.json()) as T;
  } catch {
    throw new ImageEngineError("failed", "The image server answered something that is not JSON.");
  }
}
