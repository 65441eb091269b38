import { z } from "zod";
import type { ServerConfig } from "../../config";

/**
 * An OpenAI-compatible moderation server (OpenAI, or any server speaking its protocol): one
 * `POST {MODERATION_BASE_URL}/v1/moderations` with `{ model, input: [texts] }` and, when
 * MODERATION_API_KEY is set, `Authorization: Bearer <key>`. It answers one result per input, in order;
 * a result counts when `categories["sexual/minors"]` is true. Other categories (sexual, violence, ...) are
 * left alone: adult content is allowed on the adult brand, and the NSFW flag is the creator's to set.
 *
 * MODERATION_BASE_URL may end in `/v1` (as LLM_BASE_URL does) or not: `/v1` is added only when missing.
 */

export const MODERATION_TIMEOUT_MS = 10_000;
export const MINORS_CATEGORY = "sexual/minors";

const resultSchema = z.object({
  flagged: z.boolean().optional(),
  categories: z.record(z.string(), z.unknown()),
});
const responseSchema = z.object({ results: z.array(resultSchema) });

export class ModerationUnavailableError extends Error {}

export type ModerationClient = {
  /** For each input, in order, whether it was flagged sexual/minors. Throws ModerationUnavailableError. */
  flagsMinors(inputs: readonly string[]): Promise<boolean[]>;
};

export function moderationsUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  return /\/v1$/.test(base) ? `${base}/moderations` : `${base}/v1/moderations`;
}

export function createModerationClient(
  settings: { baseUrl: string } & Omit<ServerConfig["moderation"], "baseUrl">,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): ModerationClient {
  const url = moderationsUrl(settings.baseUrl);
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? MODERATION_TIMEOUT_MS;
  return {
    async flagsMinors(inputs) {
      if (inputs.length === 0) return [];
      let response: Response;
      try {
        response = await send(url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: settings.model, input: inputs }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new ModerationUnavailableError(`The moderation server at ${url} is unreachable: ${reason}`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new ModerationUnavailableError(`The moderation server at ${url} answered ${response.status}`);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new ModerationUnavailableError(`The moderation server at ${url} answered no JSON`);
      }
      const parsed = responseSchema.safeParse(body);
      if (!parsed.success || parsed.data.results.length !== inputs.length) {
        throw new ModerationUnavailableError(
          `The moderation server at ${url} answered no result per input (${inputs.length} sent)`,
        );
      }
      return parsed.data.results.map((result) => result.categories[MINORS_CATEGORY] === true);
    },
  };
}
