import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { basename } from "node:path";
import type {
  ChatHistoryItem,
  ChatWrapper,
  Llama,
  LlamaChat,
  LlamaContext,
  LlamaContextSequence,
  LlamaModel,
} from "node-llama-cpp";
import {
  type ChatMessage,
  type GenerateRequest,
  LlmError,
  type LlmHealth,
  type LlmProvider,
} from "./provider";
import { cachedTokenCounter } from "./token-count-cache";
import { bundledTokenCounter, type TokenCounter } from "./tokenizers";

export type LlamaEngineOptions = {
  /** A GGUF file; takes precedence over `modelRef`. */
  modelPath: string | null;
  /** A node-llama-cpp model URI (e.g. hf:owner/repo:Q4_K_M) resolved under `modelsDir`; null: none. */
  modelRef: string | null;
  modelsDir: string;
  /** Context tokens per conversation (capped by what the model was trained on). */
  contextSize: number;
  /** Conversations generated at the same time; more wait for a free slot. */
  parallel: number;
  /** CPU threads; 0: all cores. */
  threads: number;
  /** "auto" uses a GPU when node-llama-cpp finds one (probing takes a few seconds once). */
  gpu: "auto" | false;
};

export const NO_MODEL_MESSAGE =
  "No language model is available. Set LLM_BASE_URL to an OpenAI-compatible server or MODEL_PATH to a GGUF file.";

type Loaded = {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  chatWrapper: ChatWrapper;
  LlamaChat: typeof LlamaChat;
  /** The model's own tokenizer, counting each text once (token-count-cache.ts). */
  countTokens: TokenCounter;
};
type Slot = { sequence: LlamaContextSequence; cacheKey: string | null; lastUsed: number };
type State =
  | { kind: "idle" }
  | { kind: "downloading"; percent: number }
  | { kind: "loading" }
  | { kind: "ready"; loaded: Loaded }
  | { kind: "failed"; message: string };

/** Until the model is loaded, prompts are measured with a bundled BPE so nothing blocks. */
const countBeforeLoad = cachedTokenCounter(bundledTokenCounter(""));

/**
 * A GGUF model run in-process by node-llama-cpp. It loads on first use or in the background at start
 * (`warmUp`, which also downloads `modelRef` when it is missing); until then, and when there is no
 * model at all, generation fails with an actionable LlmError instead of text.
 */
export class LlamaEngine implements LlmProvider {
  readonly engine = "llama";
  private state: State = { kind: "idle" };
  private loading: Promise<Loaded> | null = null;
  private readonly slots: Slot[] = [];
  private readonly waiting: { resolve: (slot: Slot) => void; key: string | null }[] = [];

  constructor(private readonly options: LlamaEngineOptions) {}

  get model(): string {
    if (this.options.modelPath) return basename(this.options.modelPath);
    return this.options.modelRef ?? "none";
  }

  get concurrency(): number {
    return this.options.parallel;
  }

  get contextSize(): number {
    return this.state.kind === "ready"
      ? Math.min(this.options.contextSize, this.state.loaded.context.contextSize)
      : this.options.contextSize;
  }

  /** Whether a model is configured at all (a path or a reference). */
  get configured(): boolean {
    return Boolean(this.options.modelPath || this.options.modelRef);
  }

  countTokens(text: string): number {
    return this.state.kind === "ready" ? this.state.loaded.countTokens(text) : countBeforeLoad(text);
  }

  /** Downloads (when needed) and loads the model; failures land in `health()`. */
  async warmUp(): Promise<void> {
    await this.load(true).catch(() => {});
  }

  /** The prompt exactly as the model sees it, through its chat template (for tests and debugging). */
  async renderPrompt(messages: ChatMessage[]): Promise<string> {
    const { chatWrapper } = await this.load(false);
    return chatWrapper.generateContextState({ chatHistory: toChatHistory(messages) }).contextText.toString();
  }

  async *stream(request: GenerateRequest): AsyncGenerator<string[]> {
    const { signal } = request;
    if (signal.aborted) throw abortedError();
    // In process: the engine has the request as soon as it is asked (its queue for a slot is its own).
    request.onSent?.();
    if (this.state.kind === "downloading") {
      throw new LlmError(
        "unavailable",
        `The language model is still downloading (${this.state.percent}%). Try again in a few minutes.`,
      );
    }
    const loaded = await this.load(false);
    const slot = await this.acquire(request.cacheKey ?? null, signal);
    const pieces: string[] = [];
    let wake: (() => void) | null = null;
    let ended = false;
    let failure: unknown = null;
    // Also stops the generation when the consumer stops reading.
    const stop = new AbortController();
    const chat = new loaded.LlamaChat({ contextSequence: slot.sequence, chatWrapper: loaded.chatWrapper });
    const generation = chat
      .generateResponse(toChatHistory(request.messages), {
        maxTokens: request.maxTokens,
        temperature: request.temperature,
        topP: request.topP,
        topK: request.topK,
        signal: AbortSignal.any([signal, stop.signal]),
        stopOnAbortSignal: true,
        ...(request.stop?.length ? { customStopTriggers: request.stop } : {}),
        onTextChunk(text) {
          if (!text) return;
          pieces.push(text);
          wake?.();
        },
      })
      .catch((error: unknown) => {
        failure = error;
      })
      .finally(() => {
        ended = true;
        chat.dispose();
        this.release(slot);
        wake?.();
      });
    try {
      while (true) {
        if (pieces.length > 0) {
          yield pieces.splice(0, pieces.length);
          continue;
        }
        if (ended) break;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
      }
    } finally {
      if (!ended) {
        stop.abort();
        await generation;
      }
    }
    if (signal.aborted) throw abortedError();
    if (failure) {
      throw new LlmError(
        "bad_response",
        `The embedded model failed: ${(failure as Error).message ?? failure}`,
      );
    }
  }

  async status(): Promise<{ ok: boolean; message: string }> {
    const { ok, message } = await this.health();
    return { ok, message };
  }

  /** Health for /api/health; engine "none" while no model file is at hand. */
  async health(): Promise<LlmHealth> {
    const llama = (ok: boolean, message: string): LlmHealth => ({ engine: "llama", ok, message });
    switch (this.state.kind) {
      case "ready":
        return llama(true, `The embedded model ${this.model} is loaded.`);
      case "downloading":
        return llama(false, `Downloading the model ${this.model} (${this.state.percent}%).`);
      case "loading":
        return llama(false, `Loading the model ${this.model}.`);
      case "failed":
        return { engine: "none", ok: false, message: this.state.message };
      case "idle":
        return (await this.localModelFile())
          ? llama(true, `The embedded model ${this.model} loads on first use.`)
          : { engine: "none", ok: false, message: NO_MODEL_MESSAGE };
    }
  }

  async close(): Promise<void> {
    const loading = this.loading;
    this.loading = null;
    const loaded = await loading?.catch(() => null);
    this.state = { kind: "idle" };
    this.slots.length = 0;
    if (loaded) await loaded.llama.dispose();
  }

  private load(download: boolean): Promise<Loaded> {
    if (!this.loading || this.state.kind === "failed") {
      this.loading = this.loadModel(download).catch((error: unknown) => {
        const message =
          error instanceof LlmError ? error.message : `${NO_MODEL_MESSAGE} (${(error as Error).message})`;
        this.state = { kind: "failed", message };
        throw new LlmError("unavailable", message);
      });
    }
    return this.loading;
  }

  private async loadModel(download: boolean): Promise<Loaded> {
    const { getLlama, LlamaChat, LlamaLogLevel, resolveChatWrapper } = await import("node-llama-cpp");
    const path = await this.localModelFile(download);
    if (!path) {
      const hint = this.options.modelRef
        ? ` (${this.options.modelRef} downloads at server start when the machine is online.)`
        : "";
      throw new LlmError("unavailable", NO_MODEL_MESSAGE + hint);
    }

    this.state = { kind: "loading" };
    const threads = this.options.threads || availableParallelism();
    const llama = await getLlama({
      gpu: this.options.gpu,
      build: "never",
      logLevel: LlamaLogLevel.error,
      maxThreads: threads,
    });
    try {
      const model = await llama.loadModel({ modelPath: path });
      const context = await model.createContext({
        contextSize: Math.min(this.options.contextSize, model.trainContextSize),
        sequences: this.options.parallel,
        threads,
      });
      for (let i = 0; i < this.options.parallel; i++) {
        this.slots.push({ sequence: context.getSequence(), cacheKey: null, lastUsed: 0 });
      }
      const loaded = {
        llama,
        model,
        context,
        chatWrapper: resolveChatWrapper(model),
        LlamaChat,
        countTokens: cachedTokenCounter((text) => model.tokenize(text).length),
      };
      this.state = { kind: "ready", loaded };
      return loaded;
    } catch (error) {
      await llama.dispose();
      throw new LlmError(
        "unavailable",
        `${NO_MODEL_MESSAGE} (Could not load ${path}: ${(error as Error).message})`,
      );
    }
  }

  /**
   * The GGUF file: MODEL_PATH when it exists, else MODEL_REF's file under the models folder, downloaded
   * first when `download` is set. Null when there is none; throws when a download fails.
   */
  private async localModelFile(download = false): Promise<string | null> {
    const { modelPath, modelRef, modelsDir } = this.options;
    if (modelPath) return existsSync(modelPath) ? modelPath : null;
    if (!modelRef) return null;
    const { resolveModelFile } = await import("node-llama-cpp");
    if (!download)
      return resolveModelFile(modelRef, { directory: modelsDir, download: false }).catch(() => null);
    try {
      return await resolveModelFile(modelRef, {
        directory: modelsDir,
        cli: Boolean(process.stdout.isTTY),
        onProgress: ({ totalSize, downloadedSize }) => {
          const percent = totalSize ? Math.floor((downloadedSize / totalSize) * 100) : 0;
          this.state = { kind: "downloading", percent };
        },
      });
    } catch (error) {
      throw new LlmError(
        "unavailable",
        `${NO_MODEL_MESSAGE} (Could not download ${modelRef}: ${(error as Error).message})`,
      );
    }
  }

  /** A free sequence, preferring the one that served `key` last (its evaluated prefix is reused). */
  private acquire(key: string | null, signal: AbortSignal): Promise<Slot> {
    const free = this.slots.filter((slot) => slot.lastUsed >= 0);
    if (free.length > 0) {
      const slot =
        free.find((candidate) => key !== null && candidate.cacheKey === key) ??
        free.reduce((oldest, candidate) => (candidate.lastUsed < oldest.lastUsed ? candidate : oldest));
      return Promise.resolve(this.claim(slot, key));
    }
    return new Promise((resolve, reject) => {
      const waiter = { resolve, key };
      this.waiting.push(waiter);
      signal.addEventListener(
        "abort",
        () => {
          const index = this.waiting.indexOf(waiter);
          if (index !== -1) this.waiting.splice(index, 1);
          reject(abortedError());
        },
        { once: true },
      );
    });
  }

  private claim(slot: Slot, key: string | null): Slot {
    slot.lastUsed = -1;
    slot.cacheKey = key;
    return slot;
  }

  private release(slot: Slot): void {
    slot.lastUsed = performance.now();
    const next = this.waiting.shift();
    if (next) next.resolve(this.claim(slot, next.key));
  }
}

function abortedError(): LlmError {
  return new LlmError("aborted", "The generation was stopped.");
}

/**
 * Chat history for node-llama-cpp: consecutive messages of one role are merged (many chat templates
 * require alternating turns); a trailing assistant message is continued, otherwise a new reply starts.
 */
function toChatHistory(messages: ChatMessage[]): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  for (const message of messages) {
    const last = history.at(-1);
    if (message.role === "system") {
      if (last?.type === "system") last.text = `${last.text}\n\n${message.content}`;
      else history.push({ type: "system", text: message.content });
    } else if (message.role === "user") {
      if (last?.type === "user") last.text = `${last.text}\n\n${message.content}`;
      else history.push({ type: "user", text: message.content });
    } else if (last?.type === "model") {
      last.response.push(`\n\n${message.content}`);
    } else {
      history.push({ type: "model", response: [message.content] });
    }
  }
  if (history.at(-1)?.type !== "model") history.push({ type: "model", response: [] });
  return history;
}
