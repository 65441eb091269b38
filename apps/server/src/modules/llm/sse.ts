/**
 * Splits a text stream into the payloads of its server-sent `data:` lines. Chunks may end anywhere,
 * so the unfinished last line is kept for the next chunk. Comment lines (":") and other fields are
 * skipped; one `data:` line is one payload (OpenAI-style streams never continue data over lines).
 */
export class SseDataLines {
  private pending = "";

  *feed(chunk: string): Generator<string> {
    const text = this.pending ? this.pending + chunk : chunk;
    let start = 0;
    let newline = text.indexOf("\n", start);
    while (newline !== -1) {
      if (text.startsWith("data:", start)) {
        const from = start + (text.charCodeAt(start + 5) === 32 ? 6 : 5);
        const end = newline > from && text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
        yield text.slice(from, end);
      }
      start = newline + 1;
      newline = text.indexOf("\n", start);
    }
    this.pending = start === text.length ? "" : text.slice(start);
  }
}
