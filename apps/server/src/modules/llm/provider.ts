import type { Health, OPENAI_MODES, Permission } from "@hearth/contracts";
import type { InferenceModelRow } from "../../db/schema";

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

export type GenerateRequest = {
  /** When the last message is the assistant's, the embedded engine continues that message. */
  messages: ChatMessage[];
  maxTokens: number;
  temperature: number;
  topP: number;
  topK: number;
  stop?: string[];
  signal: AbortSignal;
  /**
   * Optional affinity key (e.g. the conversation id): the embedded engine reuses the context sequence
   * that last served this key, so only the new tail of the prompt is evaluated.
   */
  cacheKey?: string;
  /**
   * Called as the request leaves for the engine: as it is written on an OpenAI-compatible server's
   * connection (again for each upstream a pool tries), at once for the embedded engine. A caller that
   * resolves a promise here and waits for it continues once the request is out, so its own I/O does not
   * hold the model's request back.
   */
  onSent?: () => void;
};

export type LlmHealth = Health["llm"];

export interface LlmProvider {
  readonly engine: "openai" | "llama";
  readonly model: string;
  /** The model's own maximum context in tokens (as configured for this server). */
  readonly contextSize: number;
  /**
   * Generations it runs at once (LLM_PARALLEL embedded, LLM_MAX_CONCURRENCY OpenAI-compatible): the
   * waiting room's slots. More are accepted and wait for a slot.
   */
  readonly concurrency: number;
  /**
   * Yields the text pieces (tokens, in order) that arrived together: one batch per read of the engine's
   * output, so a relay does its per-read work once however many tokens came at once. Throws LlmError
   * (kind "aborted" once the signal aborts).
   */
  stream(request: GenerateRequest): AsyncIterable<string[]>;
  /** Real tokenizer of the model family. */
  countTokens(text: string): number;
  status(): Promise<{ ok: boolean; message: string }>;
}

export type LlmErrorKind = "unavailable" | "refused" | "bad_response" | "aborted";

export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "LlmError";
  }
}

export type LlmUser = {
  openaiMode: (typeof OPENAI_MODES)[number];
  openaiApiKey: string | null;
  /** The viewer's permissions; the context size for their tier comes from them. Guests: base size. */
  permissions?: readonly Permission[];
};

/** What the registry needs of an inference model row to serve it. */
export type ServedModel = Pick<InferenceModelRow, "id" | "upstreamModel" | "largeContextTokens">;

/** The engines one user's generation goes to, for one inference model. */
export type ResolvedProvider = {
  /** The inference model row id the provider serves. */
  modelId: string;
  primary: LlmProvider;
  /** Hybrid mode: the platform model, used when the user's OpenAI call is refused before any token. */
  fallback?: LlmProvider;
  /** The platform's engine answers first (not the user's own OpenAI key): it takes one of its slots. */
  usesPlatform: boolean;
  /** Context size for this user and model: the tier's size (contextSizeFor), capped by the engines' maxima. */
  contextSize: number;
  /** Counts with the primary's tokenizer, or the larger of both counts in hybrid mode (fits either). */
  countTokens(text: string): number;
  /** Streams from the primary; in hybrid mode switches to the fallback when the primary refuses first. */
  stream(request: GenerateRequest): AsyncIterable<string[]>;
};

export type LlmRegistry = {
  /** The platform engine (embedded or OpenAI-compatible), e.g. for counting a character's tokens. */
  readonly platform: LlmProvider;
  /** Generations the platform's engines run at once (the waiting room's slots). */
  readonly slots: number;
  /** The engines for this user and inference model row. Permission checks stay with the caller's policy. */
  providerFor(model: ServedModel, user: LlmUser): ResolvedProvider;
  /** What /api/health reports about the platform engine. */
  defaultStatus(): Promise<LlmHealth>;
  /**
   * Downloads (when missing) and loads the embedded model, at server start; resolves, never rejects,
   * with the health once it is done, for the log.
   */
  warmUp(): Promise<LlmHealth>;
  close(): Promise<void>;
};
