import { StringDecoder } from "node:string_decoder";
import { Agent, type Dispatcher } from "undici";
import { type GenerateRequest, LlmError, type LlmProvider } from "./provider";
import { SseDataLines } from "./sse";
import { errorText, StreamChunkReader } from "./stream-chunk";
import { cachedTokenCounter } from "./token-count-cache";
import { bundledTokenCounter, type TokenCounter } from "./tokenizers";

export type OpenAiEngineOptions = {
  /** e.g. http://localhost:8000/v1 (no trailing slash). */
  baseUrl: string;
  apiKey: string | null;
  /** Null: the first model the server lists under GET /models. */
  model: string | null;
  contextSize: number;
  /** Generations the server runs at once (LLM_MAX_CONCURRENCY); 1 for a member's own key. */
  concurrency: number;
  /** A request fails as unavailable when the server sends nothing for this long. */
  idleTimeoutMs: number;
};

/**
 * HTTP/1.1 with keep-alive connections per upstream (undici: its request path costs the relay about half
 * the CPU of node:http's, and its handler API hands each read over without a stream in between).
 */
const dispatcher = new Agent({ keepAliveTimeout: 30_000 });
const STATUS_TIMEOUT_MS = 2000;
/** Pieces kept for a consumer that is behind before the upstream is paused (backpressure). */
const MAX_QUEUED_PIECES = 4096;

/**
 * One streamed completion's pieces, handed from undici's callbacks to the generator that yields them: all
 * that arrived since the generator last took them go out as one batch (undici calls back once per HTTP
 * chunk, and one socket read often holds many).
 */
class CompletionReads implements Dispatcher.DispatchHandler {
  private pieces: string[] = [];
  status = 0;
  /** [DONE] or a finish reason arrived. */
  finished = false;
  ended = false;
  failure: unknown = null;
  private controller: Dispatcher.DispatchController | null = null;
  private readonly decoder = new StringDecoder("utf8");
  private readonly lines = new SseDataLines();
  private readonly chunks = new StreamChunkReader();
  private errorBody = "";
  private wake: (() => void) | null = null;

  constructor(private readonly onSent: (() => void) | undefined) {}

  /** undici calls it right before it writes the request on the connection. */
  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    this.onSent?.();
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number): void {
    this.status = statusCode;
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    const text = this.decoder.write(chunk);
    if (this.status >= 300) {
      if (this.errorBody.length < 10_000) this.errorBody += text;
      return;
    }
    if (this.finished || this.failure) return;
    const pieces = this.pieces;
    try {
      for (const data of this.lines.feed(text)) {
        if (data === "[DONE]") {
          this.finished = true;
          break;
        }
        const reading = this.chunks.read(data);
        if (reading.kind === "error") {
          this.failure = new LlmError("bad_response", `The language model failed: ${reading.message}`);
          break;
        }
        if (reading.text) pieces.push(reading.text);
        if (reading.finished) this.finished = true;
      }
    } catch (error) {
      this.failure = error;
    }
    if (pieces.length >= MAX_QUEUED_PIECES) controller.pause();
    this.notify();
  }

  onResponseEnd(): void {
    if (this.status >= 300) {
      this.failure ??= new LlmError(
        "refused",
        `The language model server refused the request (${this.status}${errorDetail(this.errorBody)}).`,
        this.status,
      );
    }
    this.ended = true;
    this.notify();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.failure ??= error;
    this.ended = true;
    this.notify();
  }

  /** Stops the request (the connection is closed, not reused). */
  abort(reason: Error): void {
    if (!this.ended) this.controller?.abort(reason);
  }

  /** The pieces that arrived since the last call (none: empty). */
  take(): string[] {
    const pieces = this.pieces;
    if (pieces.length > 0) this.pieces = [];
    return pieces;
  }

  /** Resolves once something new is there to read. */
  next(): Promise<void> {
    const arrived = new Promise<void>((resolve) => {
      this.wake = resolve;
    });
    // Resuming may hand over data at once, which resolves `arrived`.
    if (this.controller?.paused) this.controller.resume();
    return arrived;
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

/** Chat completions over HTTP with SSE: vLLM, llama.cpp server, Ollama, OpenRouter, OpenAI. */
export class OpenAiEngine implements LlmProvider {
  readonly engine = "openai";
  readonly contextSize: number;
  readonly concurrency: number;
  private resolvedModel: string | null;
  private modelLookup: Promise<string> | null = null;
  private counter: TokenCounter;
  private readonly origin: string;
  private readonly basePath: string;

  constructor(private readonly options: OpenAiEngineOptions) {
    this.contextSize = options.contextSize;
    this.concurrency = options.concurrency;
    this.resolvedModel = options.model;
    this.counter = cachedTokenCounter(bundledTokenCounter(options.model ?? ""));
    const url = new URL(options.baseUrl);
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/$/, "");
  }

  get model(): string {
    return this.resolvedModel ?? "(first model of the server)";
  }

  countTokens(text: string): number {
    return this.counter(text);
  }

  async *stream(request: GenerateRequest): AsyncGenerator<string[]> {
    const { signal } = request;
    let reads: CompletionReads | null = null;
    const onAbort = () => reads?.abort(abortedError());
    try {
      const model = await this.modelName(signal);
      if (signal.aborted) throw abortedError();
      const body = JSON.stringify({
        model,
        messages: request.messages,
        stream: true,
        max_tokens: request.maxTokens,
        temperature: request.temperature,
        top_p: request.topP,
        // top_k is not in OpenAI's API, which rejects unknown fields; vLLM, llama.cpp and Ollama read it.
        ...(this.isOpenAi() ? {} : { top_k: request.topK }),
        ...(request.stop?.length ? { stop: request.stop } : {}),
      });
      const current = new CompletionReads(request.onSent);
      reads = current;
      signal.addEventListener("abort", onAbort, { once: true });
      dispatcher.dispatch(
        this.requestOptions("POST", "/chat/completions", body, this.options.idleTimeoutMs),
        current,
      );
      while (true) {
        const batch = current.take();
        if (batch.length > 0) {
          yield batch;
          continue;
        }
        if (current.failure) throw current.failure;
        if (current.finished || current.ended) break;
        await current.next();
      }
    } catch (error) {
      throw toLlmError(error, signal, this.options.baseUrl, this.options.idleTimeoutMs);
    } finally {
      signal.removeEventListener("abort", onAbort);
      // A reply read to its end leaves its connection to the pool; one left early closes it.
      if (reads && !reads.finished) reads.abort(abortedError());
    }
    if (signal.aborted) throw abortedError();
    if (!reads?.finished) {
      throw new LlmError(
        "unavailable",
        "The language model server closed the stream before the reply ended.",
      );
    }
  }

  async status(): Promise<{ ok: boolean; message: string }> {
    try {
      const response = await this.send("/models", AbortSignal.timeout(STATUS_TIMEOUT_MS), STATUS_TIMEOUT_MS);
      return response.statusCode === 200
        ? { ok: true, message: `The OpenAI-compatible server answers (model ${this.model}).` }
        : { ok: false, message: `The OpenAI-compatible server answered ${response.statusCode}.` };
    } catch {
      return {
        ok: false,
        message: `The OpenAI-compatible server at ${this.options.baseUrl} is unreachable.`,
      };
    }
  }

  private isOpenAi(): boolean {
    return this.options.baseUrl.startsWith("https://api.openai.com");
  }

  private modelName(signal: AbortSignal): Promise<string> {
    if (this.resolvedModel) return Promise.resolve(this.resolvedModel);
    this.modelLookup ??= this.firstListedModel(signal).then(
      (model) => {
        this.resolvedModel = model;
        this.counter = cachedTokenCounter(bundledTokenCounter(model));
        return model;
      },
      (error: unknown) => {
        this.modelLookup = null;
        throw error;
      },
    );
    return this.modelLookup;
  }

  private async firstListedModel(signal: AbortSignal): Promise<string> {
    const { statusCode, text } = await this.send("/models", signal, this.options.idleTimeoutMs);
    if (statusCode !== 200) {
      throw new LlmError(
        "refused",
        `The language model server refused to list its models (${statusCode}${errorDetail(text)}).`,
        statusCode,
      );
    }
    const first = (JSON.parse(text) as { data?: { id?: unknown }[] }).data?.[0]?.id;
    if (typeof first !== "string") {
      throw new LlmError("bad_response", "The language model server lists no model; set LLM_MODEL.");
    }
    return first;
  }

  private requestOptions(
    method: "GET" | "POST",
    path: string,
    body: string | null,
    idleTimeoutMs: number,
  ): Dispatcher.DispatchOptions {
    const headers: Record<string, string> = {
      accept: method === "POST" ? "text/event-stream" : "application/json",
    };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    if (body !== null) headers["content-type"] = "application/json";
    return {
      origin: this.origin,
      path: this.basePath + path,
      method,
      headers,
      body,
      headersTimeout: idleTimeoutMs,
      bodyTimeout: idleTimeoutMs,
    };
  }

  /** A small JSON answer (GET /models): its status and text. */
  private async send(
    path: string,
    signal: AbortSignal,
    idleTimeoutMs: number,
  ): Promise<{ statusCode: number; text: string }> {
    const response = await dispatcher.request({
      ...this.requestOptions("GET", path, null, idleTimeoutMs),
      signal,
    });
    return { statusCode: response.statusCode, text: await response.body.text() };
  }
}

function abortedError(): LlmError {
  return new LlmError("aborted", "The generation was stopped.");
}

const LOST_MID_REPLY = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED"]);
const SILENT = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);

function toLlmError(error: unknown, signal: AbortSignal, baseUrl: string, idleTimeoutMs: number): LlmError {
  if (signal.aborted) return abortedError();
  if (error instanceof LlmError) return error;
  if (error instanceof SyntaxError) {
    return new LlmError("bad_response", "The language model server sent a malformed stream.");
  }
  const code = (error as NodeJS.ErrnoException | null)?.code ?? "";
  if (SILENT.has(code)) {
    return new LlmError(
      "unavailable",
      `The language model server sent nothing for ${idleTimeoutMs / 1000} s.`,
    );
  }
  return new LlmError(
    "unavailable",
    LOST_MID_REPLY.has(code)
      ? "The connection to the language model server was lost mid-reply."
      : `The language model server at ${baseUrl} is unreachable${code ? ` (${code})` : ""}.`,
  );
}

/** ": message" from an OpenAI-style error body, or nothing. */
function errorDetail(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string };
    return parsed.error ? `: ${errorText(parsed.error)}` : "";
  } catch {
    return "";
  }
}
