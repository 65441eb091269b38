import { join } from "node:path";
import { permissionsFor } from "@hearth/contracts";
import type { ServerConfig } from "../../config";
import { contextSizeFor } from "../inference-models/index";
import { LlamaEngine } from "./llama-engine";
import { OpenAiEngine } from "./openai-engine";
import {
  type GenerateRequest,
  LlmError,
  type LlmHealth,
  type LlmProvider,
  type LlmRegistry,
  type LlmUser,
  type ResolvedProvider,
  type ServedModel,
} from "./provider";
import { UpstreamPool } from "./upstream-pool";

const GUEST_PERMISSIONS = permissionsFor("guest", null);
/** gpt-4o-mini's window; every tier's context is far smaller, so it never limits a prompt. */
const USER_OPENAI_CONTEXT = 128_000;

/**
 * Builds the platform engine from the configuration (OpenAI-compatible when LLM_BASE_URL is set, else
 * the embedded one) and resolves, per user and inference model, which engine answers. It only builds
 * objects: nothing is read or written (the seed writes the inference models), no model is loaded before
 * `warmUp` or the first generation, and nothing outside it changes (the platform's token counter is
 * `platform.countTokens`, passed to whoever counts).
 */
export function createLlmRegistry(config: ServerConfig): LlmRegistry {
  const settings = config.llm;

  const llama = settings.baseUrl
    ? null
    : new LlamaEngine({
        modelPath: settings.modelPath,
        modelRef: settings.modelRef,
        modelsDir: join(config.dataDir, "models"),
        contextSize: settings.contextSize ?? 4096,
        parallel: settings.parallel,
        threads: settings.threads,
        gpu: "auto",
      });
  const openAiPlatform = (model: string | null): LlmProvider => {
    const engines = settings.upstreams.map(
      (upstream) =>
        new OpenAiEngine({
          baseUrl: upstream.baseUrl,
          apiKey: settings.apiKey,
          model,
          contextSize: settings.contextSize ?? 8192,
          concurrency: upstream.concurrency,
          idleTimeoutMs: settings.timeoutMs,
        }),
    );
    const [only] = engines;
    return engines.length === 1 && only ? only : new UpstreamPool(engines);
  };
  const platform: LlmProvider = llama ?? openAiPlatform(settings.model);
  // Rows may name another model of the same OpenAI-compatible server.
  const upstreamEngines = new Map<string, LlmProvider>();
  const platformFor = (row: ServedModel): LlmProvider => {
    if (llama || !row.upstreamModel || row.upstreamModel === settings.model) return platform;
    let engine = upstreamEngines.get(row.upstreamModel);
    if (!engine) {
      engine = openAiPlatform(row.upstreamModel);
      upstreamEngines.set(row.upstreamModel, engine);
    }
    return engine;
  };
  const defaultStatus = async (): Promise<LlmHealth> =>
    llama ? llama.health() : { engine: "openai", ...(await platform.status()) };

  return {
    platform,
    slots: platform.concurrency,
    providerFor(row: ServedModel, user: LlmUser): ResolvedProvider {
      const platformProvider = platformFor(row);
      const ownKey = user.openaiMode === "disabled" ? null : user.openaiApiKey;
      const own = ownKey
        ? new OpenAiEngine({
            baseUrl: settings.userOpenAi.baseUrl,
            apiKey: ownKey,
            model: settings.userOpenAi.model,
            contextSize: USER_OPENAI_CONTEXT,
            concurrency: 1,
            idleTimeoutMs: settings.timeoutMs,
          })
        : null;
      const tierContext = contextSizeFor(user.permissions ?? GUEST_PERMISSIONS, row);
      if (!own) return single(row.id, platformProvider, tierContext, true);
      if (user.openaiMode === "enabled") return single(row.id, own, tierContext, false);
      return hybrid(row.id, own, platformProvider, tierContext);
    },
    defaultStatus,
    async warmUp() {
      await llama?.warmUp();
      return defaultStatus();
    },
    async close() {
      await llama?.close();
    },
  };
}

function single(
  modelId: string,
  provider: LlmProvider,
  tierContext: number,
  usesPlatform: boolean,
): ResolvedProvider {
  return {
    modelId,
    primary: provider,
    usesPlatform,
    contextSize: Math.min(tierContext, provider.contextSize),
    countTokens: (text) => provider.countTokens(text),
    stream: (request) => provider.stream(request),
  };
}

/** The user's OpenAI first; the platform model when OpenAI refuses or is unreachable before any token. */
function hybrid(
  modelId: string,
  primary: LlmProvider,
  fallback: LlmProvider,
  tierContext: number,
): ResolvedProvider {
  return {
    modelId,
    primary,
    fallback,
    usesPlatform: false,
    contextSize: Math.min(tierContext, primary.contextSize, fallback.contextSize),
    countTokens: (text) => Math.max(primary.countTokens(text), fallback.countTokens(text)),
    stream: (request) => streamWithFallback(primary, fallback, request),
  };
}

async function* streamWithFallback(
  primary: LlmProvider,
  fallback: LlmProvider,
  request: GenerateRequest,
): AsyncGenerator<string[]> {
  let started = false;
  try {
    for await (const pieces of primary.stream(request)) {
      started = true;
      yield pieces;
    }
    return;
  } catch (error) {
    const refused = error instanceof LlmError && (error.kind === "refused" || error.kind === "unavailable");
    if (started || !refused) throw error;
  }
  yield* fallback.stream(request);
}
