import { DEFAULT_INFERENCE_MODEL_ID } from "@hearth/contracts";
import type { InferenceModelRow } from "../../db/schema";

export type InferenceModelSeed = Omit<InferenceModelRow, "createdAt">;

/**
 * The models seeded on start (missing rows only; an operator's edits are kept). All run on the platform
 * engine; `upstreamModel` can point a row at another model of an OpenAI-compatible server.
 * - default: everyone, 8K context for 8k_context holders.
 * - experimental: True Supporter and up (generation_settings, the tier that tunes generation), hidden
 *   from others, since it is a trial of new settings or models rather than an upsell.
 * - long-memory: 16K context for 8k_context holders (I'm All In); shown disabled to others as an upsell.
 */
export const INFERENCE_MODEL_SEEDS: readonly InferenceModelSeed[] = [
  {
    id: DEFAULT_INFERENCE_MODEL_ID,
    name: "Default",
    description: "Fast, balanced roleplay model.",
    permission: null,
    hideUnauthorized: false,
    tokens: "8K",
    experimental: false,
    upstreamModel: null,
    largeContextTokens: 8192,
    sortOrder: 0,
  },
  {
    id: "experimental",
    name: "Experimental",
    description: "The model we are trying next. Replies may change as we tune it.",
    permission: "generation_settings",
    hideUnauthorized: true,
    tokens: "8K",
    experimental: true,
    upstreamModel: null,
    largeContextTokens: 8192,
    sortOrder: 1,
  },
  {
    id: "long-memory",
    name: "Long Memory",
    description: "Remembers twice as much of the conversation.",
    permission: "8k_context",
    hideUnauthorized: false,
    tokens: "16K",
    experimental: false,
    upstreamModel: null,
    largeContextTokens: 16384,
    sortOrder: 2,
  },
];
