/** What one `data:` payload of an OpenAI-style chat completion stream says. */
export type StreamChunkReading =
  | { kind: "piece"; text: string; finished: boolean }
  | { kind: "error"; message: string };

type StreamChunk = {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  error?: { message?: string } | string;
};

const CONTENT_KEY = '"content":"';
const FINISH_KEY = '"finish_reason"';
const NOT_FINISHED = '"finish_reason":null';
const CHOICES_KEY = '"choices":[';

/**
 * The content key at `key` belongs to choices[0].delta: between the one `"choices":[` and the key, two
 * objects open (the choice, then `"delta":{`) and nothing closes. A brace or bracket inside a string there
 * only makes this answer no (the full parse then reads the chunk).
 */
function inFirstChoiceDelta(data: string, key: number): boolean {
  const choices = data.indexOf(CHOICES_KEY);
  if (choices < 0 || choices > key || data.indexOf(CHOICES_KEY, choices + 1) >= 0) return false;
  const from = choices + CHOICES_KEY.length;
  if (data.charCodeAt(from) !== 123 /* { */) return false;
  const delta = data.indexOf("{", from + 1);
  if (delta < 0 || delta > key) return false;
  const inner = data.indexOf("{", delta + 1);
  if (inner >= 0 && inner < key) return false;
  if (!data.startsWith('"delta":', delta - 8)) return false;
  for (let at = from; at < key; at++) {
    const code = data.charCodeAt(at);
    if (code === 125 /* } */ || code === 91 /* [ */ || code === 93 /* ] */) return false;
  }
  return true;
}

/**
 * Reads a chunk's text (choices[0].delta.content, "" when none) and whether it ends the reply; an error
 * payload gives its message. Throws SyntaxError for a payload that is not JSON.
 *
 * Almost every chunk is one token: `{..."choices":[{"index":0,"delta":{"content":"..."},...,"finish_reason":null}]}`.
 * Those are read without parsing the whole object: in JSON text every unescaped quote is structural, so a
 * single `"content":"` is the only content key, and its string ends at the next quote not escaped by a
 * backslash. Anything else (no or several content keys, a finish reason, an error, an escape in the text
 * that is not a plain one) goes through JSON.parse, and both ways read the same (stream-chunk.test.ts).
 */
export function readStreamChunk(data: string): StreamChunkReading {
  const fast = readOneToken(data);
  return fast ?? readParsed(JSON.parse(data) as StreamChunk);
}

function readOneToken(data: string): StreamChunkReading | null {
  if (data.charCodeAt(0) !== 123 /* { */) return null;
  const key = data.indexOf(CONTENT_KEY);
  if (key < 0 || data.indexOf(CONTENT_KEY, key + 1) >= 0) return null;
  if (data.indexOf('"error"') >= 0) return null;
  if (!inFirstChoiceDelta(data, key)) return null;
  for (let at = data.indexOf(FINISH_KEY); at >= 0; at = data.indexOf(FINISH_KEY, at + 1)) {
    if (!data.startsWith(NOT_FINISHED, at)) return null;
  }
  const start = key + CONTENT_KEY.length;
  let end = data.indexOf('"', start);
  let escaped = false;
  while (end >= 0 && data.charCodeAt(end - 1) === 92 /* \ */) {
    // A quote after an odd number of backslashes is part of the text.
    let slashes = 1;
    while (data.charCodeAt(end - 1 - slashes) === 92) slashes += 1;
    escaped = true;
    if (slashes % 2 === 0) break;
    end = data.indexOf('"', end + 1);
  }
  if (end < 0) return null;
  const literal = data.slice(start, end);
  if (!escaped && literal.indexOf("\\") >= 0) escaped = true;
  return { kind: "piece", text: escaped ? (JSON.parse(`"${literal}"`) as string) : literal, finished: false };
}

function readParsed(parsed: StreamChunk): StreamChunkReading {
  if (parsed.error) return { kind: "error", message: errorText(parsed.error) };
  const choice = parsed.choices?.[0];
  return { kind: "piece", text: choice?.delta?.content ?? "", finished: Boolean(choice?.finish_reason) };
}

const ERROR_DETAIL_MAX = 300;

export function errorText(error: { message?: string } | string): string {
  return (typeof error === "string" ? error : (error.message ?? "unknown error")).slice(0, ERROR_DETAIL_MAX);
}
