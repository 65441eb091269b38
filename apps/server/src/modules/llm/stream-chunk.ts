/** What one `data:` payload of an OpenAI-style chat completion stream says. */
export type StreamChunkReading =
  | { kind: "piece"; text: string; finished: boolean }
  | { kind: "error"; message: string };

type StreamChunk = {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  error?: { message?: string } | string;
};

const CONTENT_KEY = '"content":';

/**
 * Reads the chunks of one stream: each one's text (choices[0].delta.content, "" when none), whether it
 * ends the reply, or an error payload's message. Throws SyntaxError for a payload that is not JSON.
 *
 * A server writes every token of a stream in the same frame (`{"id":"...","created":...,"choices":[{
 * "index":0,"delta":{"content":"TEXT"},"finish_reason":null}]}`): only TEXT changes. So once a token chunk
 * was parsed whole, it is kept as a template (what comes before TEXT's quotes, what comes after), and a
 * later chunk that starts and ends the same way with a plain TEXT between (no quote, no escape) is that
 * frame with another text: read without parsing. Anything else is parsed whole. Both ways read the same
 * (stream-chunk.test.ts).
 */
export class StreamChunkReader {
  private prefix: string | null = null;
  private suffix = "";

  read(data: string): StreamChunkReading {
    const prefix = this.prefix;
    // slice + === compares the bytes at once; startsWith goes character by character (twice as slow).
    if (
      prefix !== null &&
      data.length > prefix.length + this.suffix.length &&
      data.slice(0, prefix.length) === prefix
    ) {
      const end = data.length - this.suffix.length;
      if (data.endsWith(this.suffix)) {
        const text = data.slice(prefix.length, end);
        if (text.indexOf('"') < 0 && text.indexOf("\\") < 0) return { kind: "piece", text, finished: false };
      }
    }
    const parsed = JSON.parse(data) as StreamChunk;
    if (parsed.error) return { kind: "error", message: errorText(parsed.error) };
    const choice = parsed.choices?.[0];
    const text = choice?.delta?.content ?? "";
    const finished = Boolean(choice?.finish_reason);
    if (!finished && text !== "") this.learn(data, text);
    return { kind: "piece", text, finished };
  }

  /** Keeps the frame around `text` when its one content key holds it as written by JSON.stringify. */
  private learn(data: string, text: string): void {
    const key = data.indexOf(CONTENT_KEY);
    if (key < 0 || data.indexOf(CONTENT_KEY, key + 1) >= 0) return;
    const literal = JSON.stringify(text);
    if (!data.startsWith(literal, key + CONTENT_KEY.length)) return;
    const start = key + CONTENT_KEY.length + 1;
    this.prefix = data.slice(0, start);
    this.suffix = data.slice(start + literal.length - 2);
  }
}

const ERROR_DETAIL_MAX = 300;

export function errorText(error: { message?: string } | string): string {
  return (typeof error === "string" ? error : (error.message ?? "unknown error")).slice(0, ERROR_DETAIL_MAX);
}
