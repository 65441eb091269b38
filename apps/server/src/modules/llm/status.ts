import { existsSync } from "node:fs";
import type { Health } from "@hearth/contracts";
import type { ServerConfig } from "../../config";

export type LlmHealth = Health["llm"];

/** Reports whether a language model is usable; the chat feature replaces this with its engines. */
export interface LlmStatus {
  check(): Promise<LlmHealth>;
}

const PROBE_TIMEOUT_MS = 2000;

export function createLlmStatus(config: ServerConfig): LlmStatus {
  const { baseUrl, apiKey, modelPath } = config.llm;
  if (baseUrl) return openAiCompatibleStatus(baseUrl, apiKey);
  if (modelPath) {
    return {
      async check() {
        return existsSync(modelPath)
          ? {
              ok: true,
              engine: "llama",
              message: "Model file found; the embedded engine arrives with the chat feature",
            }
          : { ok: false, engine: "llama", message: `Model file not found: ${modelPath}` };
      },
    };
  }
  return {
    async check() {
      return {
        ok: false,
        engine: "none",
        message:
          "No language model configured. Set LLM_BASE_URL (OpenAI-compatible server) or MODEL_PATH (GGUF file).",
      };
    },
  };
}

function openAiCompatibleStatus(baseUrl: string, apiKey: string | null): LlmStatus {
  return {
    async check() {
      try {
        const response = await fetch(`${baseUrl}/models`, {
          headers: apiKey ? { Authorization: `Bearer ${apiKey}` } : {},
          signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
        });
        await response.body?.cancel();
        return response.ok
          ? { ok: true, engine: "openai", message: "The OpenAI-compatible server answers." }
          : {
              ok: false,
              engine: "openai",
              message: `The OpenAI-compatible server answered ${response.status}.`,
            };
      } catch {
        return {
          ok: false,
          engine: "openai",
          message: `The OpenAI-compatible server at ${baseUrl} is unreachable.`,
        };
      }
    },
  };
}
