import { type GenerateRequest, LlmError, type LlmProvider } from "./provider";

/**
 * Several OpenAI-compatible servers as one engine (LLM_BASE_URL lists them): each generation goes to the
 * least busy one (generations running over its concurrency; the earlier listed on a tie), and to the next
 * when one refuses or cannot be reached before its first token. Once a token was relayed, a failure is
 * the generation's (a reply is never stitched from two models).
 */
export class UpstreamPool implements LlmProvider {
  readonly engine = "openai";
  readonly concurrency: number;
  readonly contextSize: number;
  private readonly running: number[];

  constructor(private readonly upstreams: readonly LlmProvider[]) {
    const [first] = upstreams;
    if (!first) throw new Error("An upstream pool needs at least one upstream");
    this.concurrency = upstreams.reduce((sum, upstream) => sum + upstream.concurrency, 0);
    this.contextSize = Math.min(...upstreams.map((upstream) => upstream.contextSize));
    this.running = upstreams.map(() => 0);
  }

  get model(): string {
    return this.upstreams[0]?.model ?? "";
  }

  countTokens(text: string): number {
    return this.upstreams[0]?.countTokens(text) ?? 0;
  }

  /** Upstream indexes, least busy first. */
  order(): number[] {
    const load = (index: number) => (this.running[index] ?? 0) / (this.upstreams[index]?.concurrency ?? 1);
    return this.upstreams.map((_, index) => index).sort((a, b) => load(a) - load(b) || a - b);
  }

  async *stream(request: GenerateRequest): AsyncGenerator<string[]> {
    let lastRefusal: LlmError | null = null;
    for (const index of this.order()) {
      const upstream = this.upstreams[index];
      if (!upstream) continue;
      let started = false;
      this.running[index] = (this.running[index] ?? 0) + 1;
      try {
        for await (const pieces of upstream.stream(request)) {
          started = true;
          yield pieces;
        }
        return;
      } catch (error) {
        const refused =
          error instanceof LlmError && (error.kind === "refused" || error.kind === "unavailable");
        if (started || !refused || request.signal.aborted) throw error;
        lastRefusal = error;
      } finally {
        this.running[index] = (this.running[index] ?? 1) - 1;
      }
    }
    throw lastRefusal ?? new LlmError("unavailable", "No language model server is configured.");
  }

  async status(): Promise<{ ok: boolean; message: string }> {
    const statuses = await Promise.all(this.upstreams.map((upstream) => upstream.status()));
    const answering = statuses.filter((status) => status.ok).length;
    return {
      ok: answering > 0,
      message: `${answering} of ${statuses.length} OpenAI-compatible servers answer.${
        answering > 0 ? "" : ` ${statuses[0]?.message ?? ""}`
      }`,
    };
  }
}
