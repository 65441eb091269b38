import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { type GenerateRequest, LlmError, type LlmProvider } from "./provider";
import { SseDataLines } from "./sse";
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

type StreamChunk = {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  error?: { message?: string } | string;
};

const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY }),
  https: new https.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY }),
};
const STATUS_TIMEOUT_MS = 2000;
const ERROR_DETAIL_MAX = 300;

/** Chat completions over HTTP with SSE: vLLM, llama.cpp server, Ollama, OpenRouter, OpenAI. */
export class OpenAiEngine implements LlmProvider {
  readonly engine = "openai";
  readonly contextSize: number;
  readonly concurrency: number;
  private resolvedModel: string | null;
  private modelLookup: Promise<string> | null = null;
  private counter: TokenCounter;

  constructor(private readonly options: OpenAiEngineOptions) {
    this.contextSize = options.contextSize;
    this.concurrency = options.concurrency;
    this.resolvedModel = options.model;
    this.counter = cachedTokenCounter(bundledTokenCounter(options.model ?? ""));
  }

  get model(): string {
    return this.resolvedModel ?? "(first model of the server)";
  }

  countTokens(text: string): number {
    return this.counter(text);
  }

  async *stream(request: GenerateRequest): AsyncGenerator<string[]> {
    const { signal } = request;
    let response: IncomingMessage | null = null;
    let finished = false;
    try {
      const model = await this.modelName(signal);
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
      response = await this.send("POST", "/chat/completions", body, signal, this.options.idleTimeoutMs);
      if (response.statusCode === undefined || response.statusCode >= 300) {
        const status = response.statusCode ?? 0;
        const detail = errorDetail(await readText(response));
        throw new LlmError(
          "refused",
          `The language model server refused the request (${status}${detail}).`,
          status,
        );
      }
      response.setEncoding("utf8");
      const lines = new SseDataLines();
      // Leaving the loop at [DONE] must not destroy the response: its socket goes back to the keep-alive pool.
      const chunks = response.iterator({ destroyOnReturn: false }) as AsyncIterable<string>;
      // The pieces of one read go out together (what was read before a failure too).
      let pieces: string[] = [];
      reading: for await (const chunk of chunks) {
        for (const data of lines.feed(chunk)) {
          if (data === "[DONE]") {
            finished = true;
            break reading;
          }
          const parsed = JSON.parse(data) as StreamChunk;
          if (parsed.error) {
            if (pieces.length > 0) yield pieces;
            throw new LlmError("bad_response", `The language model failed: ${errorText(parsed.error)}`);
          }
          const choice = parsed.choices?.[0];
          const piece = choice?.delta?.content;
          if (piece) pieces.push(piece);
          if (choice?.finish_reason) finished = true;
        }
        if (pieces.length > 0) {
          yield pieces;
          pieces = [];
        }
      }
      if (pieces.length > 0) yield pieces;
    } catch (error) {
      throw toLlmError(error, signal, this.options.baseUrl);
    } finally {
      if (finished) response?.resume();
      else response?.destroy();
    }
    if (signal.aborted) throw abortedError();
    if (!finished) {
      throw new LlmError(
        "unavailable",
        "The language model server closed the stream before the reply ended.",
      );
    }
  }

  async status(): Promise<{ ok: boolean; message: string }> {
    try {
      const response = await this.send(
        "GET",
        "/models",
        null,
        AbortSignal.timeout(STATUS_TIMEOUT_MS),
        STATUS_TIMEOUT_MS,
      );
      response.resume();
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
    const response = await this.send("GET", "/models", null, signal, this.options.idleTimeoutMs);
    const text = await readText(response);
    if (response.statusCode !== 200) {
      throw new LlmError(
        "refused",
        `The language model server refused to list its models (${response.statusCode}${errorDetail(text)}).`,
        response.statusCode,
      );
    }
    const first = (JSON.parse(text) as { data?: { id?: unknown }[] }).data?.[0]?.id;
    if (typeof first !== "string") {
      throw new LlmError("bad_response", "The language model server lists no model; set LLM_MODEL.");
    }
    return first;
  }

  private send(
    method: "GET" | "POST",
    path: string,
    body: string | null,
    signal: AbortSignal,
    idleTimeoutMs: number,
  ): Promise<IncomingMessage> {
    const url = new URL(this.options.baseUrl + path);
    const client = url.protocol === "https:" ? https : http;
    const headers: Record<string, string> = {
      accept: method === "POST" ? "text/event-stream" : "application/json",
    };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    if (body !== null) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(Buffer.byteLength(body));
    }
    return new Promise((resolve, reject) => {
      const request = client.request(url, {
        method,
        headers,
        signal,
        agent: url.protocol === "https:" ? agents.https : agents.http,
      });
      let response: IncomingMessage | null = null;
      request.setTimeout(idleTimeoutMs, () => {
        const error = new LlmError(
          "unavailable",
          `The language model server sent nothing for ${idleTimeoutMs / 1000} s.`,
        );
        response?.destroy(error);
        request.destroy(error);
      });
      request.once("response", (received) => {
        response = received;
        resolve(received);
      });
      request.once("error", reject);
      request.end(body ?? undefined);
    });
  }
}

function abortedError(): LlmError {
  return new LlmError("aborted", "The generation was stopped.");
}

function toLlmError(error: unknown, signal: AbortSignal, baseUrl: string): LlmError {
  if (signal.aborted) return abortedError();
  if (error instanceof LlmError) return error;
  if (error instanceof SyntaxError) {
    return new LlmError("bad_response", "The language model server sent a malformed stream.");
  }
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return new LlmError(
    "unavailable",
    code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE" || (error as Error)?.message === "aborted"
      ? "The connection to the language model server was lost mid-reply."
      : `The language model server at ${baseUrl} is unreachable${code ? ` (${code})` : ""}.`,
  );
}

async function readText(response: IncomingMessage): Promise<string> {
  response.setEncoding("utf8");
  let text = "";
  for await (const chunk of response as AsyncIterable<string>) {
    if (text.length < 10_000) text += chunk;
  }
  return text;
}

function errorText(error: { message?: string } | string): string {
  return (typeof error === "string" ? error : (error.message ?? "unknown error")).slice(0, ERROR_DETAIL_MAX);
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
