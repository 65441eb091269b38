import type { GenerateRequest, GenerateStartEvent, Message } from "@hearth/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { generate, RESUME_DELAYS_MS, ReplyLostError } from "./generate";

const STREAM_ID = "0b5f8f4e-5d7a-4a3b-9b1e-2f1d3c4b5a69";
const BODY: GenerateRequest = { character_id: "c", type: "text", message: "Hi" };

function reply(content: string): Message {
  return {
    id: "m-3",
    conversation_id: "conv-1",
    role: "bot",
    content,
    status: "complete",
    createdAt: "2026-01-01T00:00:00.000Z",
    alternates: [],
    alternate_index: 0,
    rating: null,
    rating_label: null,
    image_url: null,
    image_prompt: null,
    persona_name: null,
  };
}

/** The SSE frames of a reply as the server numbers them: start is 1, each token after it, done last. */
function frames(pieces: string[], content = pieces.join("")): string[] {
  const start: GenerateStartEvent = { stream_id: STREAM_ID, conversation_id: "conv-1", user_message: null };
  const done = {
    conversation_id: "conv-1",
    message: reply(content),
    suggestion: null,
    oldest_included_message_id: null,
  };
  return [
    `id: 1\nevent: start\ndata: ${JSON.stringify(start)}\n\n`,
    ...pieces.map((text, i) => `id: ${i + 2}\nevent: token\ndata: ${JSON.stringify({ text })}\n\n`),
    `id: ${pieces.length + 2}\nevent: done\ndata: ${JSON.stringify(done)}\n\n`,
  ];
}

/** An event-stream response sending `chunks`, then ending: cleanly, or as a lost connection does. */
function streamed(chunks: string[], end: "close" | "drop" = "close"): Response {
  const encoder = new TextEncoder();
  const left = [...chunks];
  // One chunk per read, so a lost connection fails only the read after the last one (erroring at once
  // would drop the chunks still queued).
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = left.shift();
      if (chunk !== undefined) controller.enqueue(encoder.encode(chunk));
      else if (end === "close") controller.close();
      else controller.error(new TypeError("network error"));
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
}

const notFound = () =>
  new Response(JSON.stringify({ error: { code: "not_found", message: "Not found" } }), {
    status: 404,
    headers: { "content-type": "application/json" },
  });

type Call = { url: string; method: string; lastEventId: string | null };

/** Stubs fetch with the answers in order; records each request. */
function serve(...answers: ((init: RequestInit) => Response | Promise<Response>)[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      calls.push({ url, method: init.method ?? "GET", lastEventId: headers.get("Last-Event-ID") });
      const answer = answers.shift();
      if (!answer) throw new Error(`Unexpected request ${url}`);
      return answer(init);
    }),
  );
  return calls;
}

function offline(): never {
  throw new TypeError("Failed to fetch");
}

describe("generate", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("resumes a connection lost midway after the last event received, without repeats or gaps", async () => {
    const all = frames(["Once", " upon", " a", " time."]);
    // The first connection drops in the middle of the third token's frame.
    const third = all[3] ?? "";
    const cut = [...all.slice(0, 3), third.slice(0, 20)];
    const calls = serve(
      () => streamed(cut, "drop"),
      () => streamed(all.slice(3)),
    );
    const tokens: string[] = [];
    const onStart = vi.fn();
    const pending = generate(BODY, { onStart, onToken: (t) => tokens.push(t) }, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(RESUME_DELAYS_MS[0] ?? 0);
    const done = await pending;

    expect(done.message?.content).toBe("Once upon a time.");
    expect(tokens.join("")).toBe("Once upon a time.");
    expect(onStart).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([
      { url: "/api/generate", method: "POST", lastEventId: null },
      { url: `/api/generate/${STREAM_ID}`, method: "GET", lastEventId: "3" },
    ]);
  });

  it("resumes a stream that closed early, skipping any event it was sent twice", async () => {
    const all = frames(["Hel", "lo"]);
    serve(
      () => streamed(all.slice(0, 2)),
      // Replayed from before the resume point: the token is not added a second time.
      () => streamed(all.slice(1)),
    );
    const tokens: string[] = [];
    const pending = generate(BODY, { onToken: (t) => tokens.push(t) }, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(RESUME_DELAYS_MS[0] ?? 0);
    await expect(pending).resolves.toMatchObject({ message: { content: "Hello" } });
    expect(tokens).toEqual(["Hel", "lo"]);
  });

  it("tries again with growing waits while the network is down, and resumes when it is back", async () => {
    const all = frames(["A", "B", "C"]);
    const calls = serve(
      () => streamed(all.slice(0, 3), "drop"),
      offline,
      () => new Response("{}", { status: 503 }),
      () => streamed(all.slice(3, 4), "drop"),
      () => streamed(all.slice(4)),
    );
    const tokens: string[] = [];
    const pending = generate(BODY, { onToken: (t) => tokens.push(t) }, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(pending).resolves.toMatchObject({ message: { content: "ABC" } });
    expect(tokens.join("")).toBe("ABC");
    expect(calls.map((c) => c.lastEventId)).toEqual([null, "3", "3", "3", "4"]);
  });

  it("gives up at once when the stream is unknown or expired (404)", async () => {
    const calls = serve(() => streamed(frames(["Hel", "lo"]).slice(0, 2), "drop"), notFound);
    const pending = generate(BODY, { onToken: () => {} }, new AbortController().signal);
    const settled = expect(pending).rejects.toEqual(new ReplyLostError(STREAM_ID));
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
    await expect(pending).rejects.toMatchObject({ code: "network_error", streamId: STREAM_ID });
    expect(calls).toHaveLength(2);
  });

  it("gives up within the server's grace once the tries run out", async () => {
    const calls = serve(
      () => streamed(frames(["Hel", "lo"]).slice(0, 2), "drop"),
      ...RESUME_DELAYS_MS.map(() => offline),
    );
    const started = Date.now();
    let gaveUpAfter = Number.POSITIVE_INFINITY;
    const pending = generate(BODY, { onToken: () => {} }, new AbortController().signal);
    const settled = pending.catch((error: unknown) => {
      gaveUpAfter = Date.now() - started;
      return error;
    });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await settled).toBeInstanceOf(ReplyLostError);
    // Several tries, the last one early enough for the server to be waiting still.
    expect(calls.length).toBeGreaterThanOrEqual(4);
    expect(calls.slice(1).every((call) => call.lastEventId === "2")).toBe(true);
    expect(gaveUpAfter).toBeLessThan(10_000);
  });

  it("counts a try that gets no answer as failed, and makes the next one", async () => {
    const all = frames(["Hel", "lo"]);
    const calls = serve(
      () => streamed(all.slice(0, 2), "drop"),
      // A network that is down may leave a request without an answer for long: the try is given up.
      (init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
      () => streamed(all.slice(2)),
    );
    const tokens: string[] = [];
    const pending = generate(BODY, { onToken: (t) => tokens.push(t) }, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(pending).resolves.toMatchObject({ message: { content: "Hello" } });
    expect(tokens.join("")).toBe("Hello");
    expect(calls.map((c) => c.lastEventId)).toEqual([null, "2", "2"]);
  });

  it("does not resume a stream lost before it was named, nor one that ended with an error event", async () => {
    serve(() => streamed([": keep-alive\n\n"], "drop"));
    await expect(generate(BODY, { onToken: () => {} }, new AbortController().signal)).rejects.toMatchObject({
      code: "network_error",
    });
    expect(fetch).toHaveBeenCalledTimes(1);

    const error = { error: { code: "llm_unavailable", message: "down" } };
    serve(() =>
      streamed([...frames(["Hel"]).slice(0, 2), `id: 3\nevent: error\ndata: ${JSON.stringify(error)}\n\n`]),
    );
    const failed = generate(BODY, { onToken: () => {} }, new AbortController().signal);
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.not.toBeInstanceOf(ReplyLostError);
    await expect(failed).rejects.toMatchObject({ code: "llm_unavailable" });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("stops waiting to resume when the member presses Stop", async () => {
    serve(() => streamed(frames(["Hel", "lo"]).slice(0, 2), "drop"));
    const controller = new AbortController();
    const pending = generate(BODY, { onToken: () => {} }, controller.signal);
    const settled = expect(pending).rejects.toMatchObject({ name: "AbortError" });
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await settled;
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
