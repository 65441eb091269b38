/**
 * One server-sent event: its name (`message` when the stream gives none), its data lines joined and, once
 * the stream has named one, the last event id (`id:`; kept for the events after it, as EventSource does).
 */
export type SseEvent = { event: string; data: string; id?: string };

/**
 * Incremental parser for the `text/event-stream` format: feed it decoded chunks as they arrive, in any
 * split, and it answers the events each chunk completes. Comments (`:`) and `retry` fields are skipped.
 */
export function createSseParser() {
  let buffer = "";
  let eventName = "";
  let dataLines: string[] = [];
  let lastId: string | undefined;

  function dispatchLine(line: string, out: SseEvent[]): void {
    if (line === "") {
      if (dataLines.length > 0) {
        const event: SseEvent = { event: eventName || "message", data: dataLines.join("\n") };
        if (lastId !== undefined) event.id = lastId;
        out.push(event);
      }
      eventName = "";
      dataLines = [];
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") eventName = value;
    else if (field === "data") dataLines.push(value);
    else if (field === "id" && !value.includes("\0")) lastId = value;
  }

  return {
    push(chunk: string): SseEvent[] {
      buffer += chunk;
      const out: SseEvent[] = [];
      // A line ends with \n, \r\n or \r; a lone trailing \r may still be followed by \n in the next chunk.
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const ch = buffer[i];
        if (ch !== "\n" && ch !== "\r") continue;
        if (ch === "\r" && i === buffer.length - 1) break;
        dispatchLine(buffer.slice(start, i), out);
        if (ch === "\r" && buffer[i + 1] === "\n") i++;
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
    /** Completes a last event the stream ended without a blank line after. */
    end(): SseEvent[] {
      const out: SseEvent[] = [];
      if (buffer) dispatchLine(buffer, out);
      buffer = "";
      dispatchLine("", out);
      return out;
    },
  };
}
