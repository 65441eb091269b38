import type { ServerConfig } from "../../config";
import {
  type CharacterText,
  type CheckedField,
  type Finding,
  type ImagePromptCheck,
  imagePromptCheckOf,
} from "./findings";
import { createModerationClient, MINORS_CATEGORY, type ModerationClient } from "./moderation-api";
import { checkCharacterRules, checkImagePromptRules, moderationInputsOf } from "./rules";

/**
 * The one moderation interface. The embedded rules (terms.ts) always run; when MODERATION_BASE_URL is
 * set, the moderation server is asked too and the findings of both are combined. When the server cannot
 * be asked (unreachable, timeout, error status, an answer without one result per input), the check fails
 * safe: it adds a `check_unavailable` finding, so the character is held for review as if flagged (and an
 * image prompt is refused), and logs a warning.
 */
export interface ContentChecker {
  /** "rules", or "rules+moderation_api" with a moderation server. */
  readonly engines: "rules" | "rules+moderation_api";
  /** Findings for a character about to be published or saved; none: it may go live. */
  checkCharacter(fields: CharacterText): Promise<Finding[]>;
  /** An image prompt: allowed, or refused with the imagePromptUnderage error (chat spec 8). */
  checkImagePrompt(prompt: string): Promise<ImagePromptCheck>;
}

/** Where the checker reports a moderation server it could not ask (Fastify's `app.log` fits). */
export type CheckLogger = { warn(details: Record<string, unknown>, message: string): void };

export type ContentCheckerOptions = {
  logger?: CheckLogger;
  /** For tests: another fetch, a shorter timeout. */
  fetch?: typeof fetch;
  timeoutMs?: number;
};

export function createContentChecker(
  config: Pick<ServerConfig, "moderation">,
  options: ContentCheckerOptions = {},
): ContentChecker {
  const { baseUrl } = config.moderation;
  const client = baseUrl
    ? createModerationClient(
        { ...config.moderation, baseUrl },
        {
          ...(options.fetch ? { fetch: options.fetch } : {}),
          ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        },
      )
    : null;

  async function askServer(
    api: ModerationClient,
    inputs: { field: CheckedField | "image_prompt"; text: string }[],
  ): Promise<Finding[]> {
    try {
      const flags = await api.flagsMinors(inputs.map((input) => input.text));
      return inputs.flatMap((input, i): Finding[] =>
        flags[i]
          ? [
              {
                field: input.field,
                category: MINORS_CATEGORY,
                term: MINORS_CATEGORY,
                engine: "moderation_api",
              },
            ]
          : [],
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      options.logger?.warn(
        { err: reason, fields: inputs.map((input) => input.field) },
        "The content check could not ask the moderation server; holding the content for review",
      );
      return [{ field: null, category: "check_unavailable", term: reason, engine: "moderation_api" }];
    }
  }

  return {
    engines: client ? "rules+moderation_api" : "rules",
    async checkCharacter(fields) {
      const rules = checkCharacterRules(fields);
      const inputs = moderationInputsOf(fields);
      if (!client || inputs.length === 0) return rules;
      return [...rules, ...(await askServer(client, inputs))];
    },
    async checkImagePrompt(prompt) {
      const rules = checkImagePromptRules(prompt);
      if (!client || !prompt.trim()) return imagePromptCheckOf(rules);
      return imagePromptCheckOf([
        ...rules,
        ...(await askServer(client, [{ field: "image_prompt", text: prompt }])),
      ]);
    },
  };
}
