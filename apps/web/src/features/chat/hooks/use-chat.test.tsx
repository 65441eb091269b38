import type { GenerateDoneEvent, Message } from "@hearth/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client";
import type * as generateApi from "../api/generate";
import { generate, ReplyLostError, stopReply } from "../api/generate";
import { fetchMessagePage, loadConversation } from "../api/get-conversation";
import { chatKeys } from "../api/query-keys";
import { type ChatState, chatStateFromDetail, draftChatState } from "../lib/chat-state";
import { LOST_REPLY_SETTLE_MS, useChat } from "./use-chat";
import { useChatSelector, useChatStore } from "./use-chat-store";

vi.mock("../api/generate", async (importOriginal) => ({
  ...(await importOriginal<typeof generateApi>()),
  generate: vi.fn(),
  stopReply: vi.fn(async () => ({ stopped: true })),
}));
const realGenerate = (await vi.importActual<typeof generateApi>("../api/generate")).generate;
vi.mock("../api/get-conversation", () => ({ fetchMessagePage: vi.fn(), loadConversation: vi.fn() }));

const generateMock = vi.mocked(generate);
const pageMock = vi.mocked(fetchMessagePage);
const loadMock = vi.mocked(loadConversation);

function message(id: string, role: Message["role"], content: string): Message {
  return {
    id,
    conversation_id: "conv-1",
    role,
    content,
    status: "complete",
    createdAt: "2026-01-01T00:00:00.000Z",
    alternates: [],
    alternate_index: 0,
    rating: null,
    rating_label: null,
    image_url: null,
    image_prompt: null,
    persona_name: role === "user" ? "Ada" : null,
  };
}

function savedConversation(): ChatState {
  return chatStateFromDetail({
    id: "conv-1",
    character_id: "char-1",
    character: {
      id: "char-1",
      name: "Luna",
      title: "",
      avatar_url: null,
      avatar_is_nsfw: false,
      creator_username: null,
    },
    user_persona_id: null,
    label: null,
    last_message: null,
    is_last_id: true,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    messages: [message("m-1", "bot", "Hello, traveller.")],
    has_more_before: false,
    message_count: 1,
    oldest_included_message_id: null,
    persona: null,
  });
}

function done(reply: Message | null, conversationId = "conv-1"): GenerateDoneEvent {
  return {
    conversation_id: conversationId,
    message: reply,
    suggestion: null,
    oldest_included_message_id: null,
  };
}

function setup(initial: ChatState) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onConversationCreated = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      const store = useChatStore(() => initial);
      const chat = useChat({
        store,
        characterId: "char-1",
        userName: "Ada",
        member: true,
        generationSettings: () => undefined,
        ensureIdentity: async () => {},
        onConversationCreated,
      });
      return { chat, state: useChatSelector(store, (state) => state) };
    },
    { wrapper },
  );
  return { hook, client, onConversationCreated };
}

const ids = (state: ChatState) => state.messages.map((m) => m.id);

describe("useChat", () => {
  beforeEach(() => {
    generateMock.mockReset();
    pageMock.mockReset();
    loadMock.mockReset();
    vi.mocked(stopReply).mockClear();
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("takes a reply from the stream alone: nothing is read back after it", async () => {
    generateMock.mockImplementationOnce(async (body, handlers) => {
      expect(body).toMatchObject({ conversation_id: "conv-1", message: "Hi" });
      handlers.onStart?.({
        stream_id: "s-1",
        conversation_id: "conv-1",
        user_message: message("m-2", "user", "Hi"),
      });
      handlers.onToken("Hel");
      handlers.onToken("lo");
      return done(message("m-3", "bot", "Hello"));
    });
    const { hook } = setup(savedConversation());
    let sent: boolean | undefined;
    await act(async () => {
      sent = await hook.result.current.chat.send("Hi");
    });
    expect(sent).toBe(true);
    await waitFor(() => expect(ids(hook.result.current.state)).toEqual(["m-1", "m-2", "m-3"]));
    expect(hook.result.current.state.turn).toBeNull();
    expect(loadMock).not.toHaveBeenCalled();
    expect(pageMock).not.toHaveBeenCalled();
  });

  it("moves a new chat to its conversation's entry when the server creates it", async () => {
    generateMock.mockImplementationOnce(async (body, handlers) => {
      expect(body.conversation_id).toBeUndefined();
      handlers.onStart?.({
        stream_id: "s-1",
        conversation_id: "conv-9",
        user_message: message("m-2", "user", "Hi"),
      });
      return done(message("m-3", "bot", "Welcome"), "conv-9");
    });
    const { hook, client, onConversationCreated } = setup(draftChatState("Hello, {{user}}.", "Luna"));
    await act(async () => {
      await hook.result.current.chat.send("Hi");
    });
    expect(onConversationCreated).toHaveBeenCalledWith("conv-9");
    const cached = client.getQueryData<ChatState>(chatKeys.conversation("conv-9"));
    expect(cached?.conversationId).toBe("conv-9");
    expect(cached?.messages.map((m) => m.content)).toEqual(["Hello, Ada.", "Hi", "Welcome"]);
    await waitFor(() => expect(hook.result.current.state).toEqual(cached));
    expect(loadMock).not.toHaveBeenCalled();
  });

  it("answers false for a message refused before it was saved, so its text goes back to the input", async () => {
    generateMock.mockRejectedValueOnce(new ApiError(403, "message_limit", "limit"));
    const { hook } = setup(savedConversation());
    let sent: boolean | undefined;
    await act(async () => {
      sent = await hook.result.current.chat.send("One too many");
    });
    expect(sent).toBe(false);
    await waitFor(() => expect(hook.result.current.state.failure?.code).toBe("message_limit"));
    expect(ids(hook.result.current.state)).toEqual(["m-1"]);
  });

  it("says so when another tab's reply is running, and reads what it wrote before the next message", async () => {
    generateMock.mockRejectedValueOnce(new ApiError(409, "generation_in_progress", "busy"));
    const { hook } = setup(savedConversation());
    let sent: boolean | undefined;
    await act(async () => {
      sent = await hook.result.current.chat.send("From tab two");
    });
    expect(sent).toBe(false);
    await waitFor(() => expect(hook.result.current.state.failure?.code).toBe("generation_in_progress"));

    pageMock.mockResolvedValueOnce({
      messages: [message("m-2", "user", "From tab one"), message("m-3", "bot", "Reply to tab one")],
      has_more_before: true,
      has_more_after: false,
    });
    generateMock.mockImplementationOnce(async (_body, handlers) => {
      handlers.onStart?.({
        stream_id: "s-1",
        conversation_id: "conv-1",
        user_message: message("m-4", "user", "From tab two"),
      });
      return done(message("m-5", "bot", "Reply to tab two"));
    });
    await act(async () => {
      sent = await hook.result.current.chat.send("From tab two");
    });
    expect(sent).toBe(true);
    expect(pageMock).toHaveBeenCalledWith(
      "conv-1",
      expect.objectContaining({ after_id: "m-1" }),
      expect.anything(),
    );
    await waitFor(() => expect(ids(hook.result.current.state)).toEqual(["m-1", "m-2", "m-3", "m-4", "m-5"]));
    expect(hook.result.current.state.failure).toBeNull();
  });

  it("keeps a stopped reply without polling, and reads the saved one once before the next reply", async () => {
    generateMock.mockImplementationOnce(
      (_body, handlers, signal) =>
        new Promise((_resolve, reject) => {
          handlers.onStart?.({
            stream_id: "s-1",
            conversation_id: "conv-1",
            user_message: message("m-2", "user", "Story"),
          });
          handlers.onToken("Once upon");
          signal.addEventListener("abort", () => reject(new DOMException("stopped", "AbortError")));
        }),
    );
    const { hook } = setup(savedConversation());
    let sending: Promise<boolean> | undefined;
    act(() => {
      sending = hook.result.current.chat.send("Story");
    });
    await waitFor(() => expect(hook.result.current.state.turn?.text).toBe("Once upon"));
    await act(async () => {
      hook.result.current.chat.stop();
      await sending;
    });
    // Stop ends the model's reply on the server too (a lost connection alone would leave it running).
    expect(vi.mocked(stopReply)).toHaveBeenCalledWith("s-1");
    await waitFor(() =>
      expect(hook.result.current.state.messages.at(-1)).toMatchObject({
        content: "Once upon",
        status: "cut",
      }),
    );
    expect(hook.result.current.state.behind).toBe(true);
    expect(pageMock).not.toHaveBeenCalled();
    expect(loadMock).not.toHaveBeenCalled();

    pageMock.mockResolvedValueOnce({
      messages: [{ ...message("m-3", "bot", "Once upon a"), status: "cut" }],
      has_more_before: true,
      has_more_after: false,
    });
    generateMock.mockImplementationOnce(async (body, handlers) => {
      expect(body.regenerate).toBe(true);
      handlers.onStart?.({ stream_id: "s-1", conversation_id: "conv-1", user_message: null });
      return done({ ...message("m-3", "bot", "A new story"), alternates: ["Once upon a", "A new story"] });
    });
    await act(async () => {
      hook.result.current.chat.regenerate();
      await waitFor(() => expect(hook.result.current.state.messages.at(-1)?.content).toBe("A new story"));
    });
    expect(pageMock).toHaveBeenCalledTimes(1);
    expect(ids(hook.result.current.state)).toEqual(["m-1", "m-2", "m-3"]);
  });

  it("loads the page before the oldest loaded message", async () => {
    const initial = { ...savedConversation(), hasMoreBefore: true, messageCount: 3 };
    pageMock.mockResolvedValueOnce({
      messages: [message("m-a", "bot", "First"), message("m-b", "user", "Second")],
      has_more_before: false,
      has_more_after: true,
    });
    const { hook } = setup(initial);
    await act(async () => {
      await hook.result.current.chat.loadOlder();
    });
    expect(pageMock).toHaveBeenCalledWith("conv-1", { before_id: "m-1" });
    await waitFor(() => expect(ids(hook.result.current.state)).toEqual(["m-a", "m-b", "m-1"]));
    expect(hook.result.current.state.hasMoreBefore).toBe(false);
  });

  it("regenerates an older reply by its id, keeping the later messages, and the last one as before", async () => {
    const initial = {
      ...savedConversation(),
      messages: [
        message("m-1", "bot", "Hello"),
        message("m-2", "user", "Hi"),
        message("m-3", "bot", "Hey"),
        message("m-4", "user", "More"),
        message("m-5", "bot", "Sure"),
      ],
      messageCount: 5,
    };
    generateMock.mockImplementationOnce(async (body, handlers) => {
      expect(body).toMatchObject({ conversation_id: "conv-1", regenerate: true, target_message_id: "m-3" });
      handlers.onStart?.({ stream_id: "s-1", conversation_id: "conv-1", user_message: null });
      handlers.onToken("Hey there");
      return done({
        ...message("m-3", "bot", "Hey there"),
        alternates: ["Hey", "Hey there"],
        alternate_index: 1,
      });
    });
    const { hook } = setup(initial);
    await act(async () => {
      hook.result.current.chat.regenerateAt("m-3");
      await waitFor(() => expect(hook.result.current.state.turn).toBeNull());
    });
    expect(ids(hook.result.current.state)).toEqual(["m-1", "m-2", "m-3", "m-4", "m-5"]);
    expect(hook.result.current.state.messages[2]).toMatchObject({ content: "Hey there", alternate_index: 1 });
    expect(hook.result.current.state.messages[4]?.content).toBe("Sure");

    generateMock.mockImplementationOnce(async (body, handlers) => {
      expect(body.regenerate).toBe(true);
      expect(body.target_message_id).toBeUndefined();
      handlers.onStart?.({ stream_id: "s-2", conversation_id: "conv-1", user_message: null });
      return done({
        ...message("m-5", "bot", "Of course"),
        alternates: ["Sure", "Of course"],
        alternate_index: 1,
      });
    });
    await act(async () => {
      hook.result.current.chat.regenerateAt("m-5");
      await waitFor(() => expect(hook.result.current.state.messages[4]?.content).toBe("Of course"));
    });
    expect(pageMock).not.toHaveBeenCalled();
  });

  it("pages later messages back in, jumps to the newest, and loads the newest before a new message", async () => {
    const initial: ChatState = {
      ...savedConversation(),
      messages: [message("m-10", "bot", "Ten"), message("m-11", "user", "Eleven")],
      hasMoreBefore: true,
      hasMoreAfter: true,
      before: 9,
      messageCount: 100,
    };
    const { hook } = setup(initial);
    pageMock.mockResolvedValueOnce({
      messages: [message("m-12", "bot", "Twelve")],
      has_more_before: true,
      has_more_after: true,
    });
    await act(async () => {
      await hook.result.current.chat.loadNewer();
    });
    expect(pageMock).toHaveBeenLastCalledWith("conv-1", { after_id: "m-11" });
    await waitFor(() => expect(ids(hook.result.current.state)).toEqual(["m-10", "m-11", "m-12"]));

    pageMock.mockResolvedValueOnce({
      messages: [message("m-99", "user", "Ninety-nine"), message("m-100", "bot", "Hundred")],
      has_more_before: true,
      has_more_after: false,
    });
    await act(async () => {
      await hook.result.current.chat.jumpToNewest();
    });
    expect(pageMock).toHaveBeenLastCalledWith("conv-1", {}, undefined);
    await waitFor(() => expect(ids(hook.result.current.state)).toEqual(["m-99", "m-100"]));
    expect(hook.result.current.state).toMatchObject({ hasMoreAfter: false, before: 98 });

    // Paged back again, a new message first reads the newest page, then goes at the end.
    const { hook: back } = setup(initial);
    pageMock.mockResolvedValueOnce({
      messages: [message("m-99", "user", "Ninety-nine"), message("m-100", "bot", "Hundred")],
      has_more_before: true,
      has_more_after: false,
    });
    generateMock.mockImplementationOnce(async (_body, handlers) => {
      handlers.onStart?.({
        stream_id: "s-3",
        conversation_id: "conv-1",
        user_message: message("m-101", "user", "Back"),
      });
      return done(message("m-102", "bot", "Welcome back"));
    });
    await act(async () => {
      await back.result.current.chat.send("Back");
    });
    await waitFor(() => expect(ids(back.result.current.state)).toEqual(["m-99", "m-100", "m-101", "m-102"]));
    expect(back.result.current.state.messageCount).toBe(102);
  });

  describe("a reply whose connection is lost", () => {
    const STREAM = "0b5f8f4e-5d7a-4a3b-9b1e-2f1d3c4b5a69";
    const encoder = new TextEncoder();
    const frame = (id: number, event: string, data: unknown) =>
      `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

    /** A response streaming `chunks` one per read; then it closes, drops (a lost connection) or waits for `until`. */
    function sse(chunks: string[], end: "close" | "drop", until?: Promise<string>): Response {
      const left = [...chunks];
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const chunk = left.shift();
          if (chunk !== undefined) controller.enqueue(encoder.encode(chunk));
          else if (until) {
            controller.enqueue(encoder.encode(await until));
            until = undefined;
          } else if (end === "close") controller.close();
          else controller.error(new TypeError("network error"));
        },
      });
      return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
    }

    afterEach(() => vi.unstubAllGlobals());

    it("resumes it where it stopped and ends with the whole reply, nothing written twice", async () => {
      generateMock.mockImplementation(realGenerate);
      const start = {
        stream_id: STREAM,
        conversation_id: "conv-1",
        user_message: message("m-2", "user", "Story"),
      };
      const story = ["Once", " upon", " a", " time."];
      const tokens = story.map((text, i) => frame(i + 2, "token", { text }));
      // The connection drops halfway through the third token's frame.
      const first = [
        frame(1, "start", start),
        tokens[0] ?? "",
        tokens[1] ?? "",
        (tokens[2] ?? "").slice(0, 25),
      ];
      let finish!: (frame: string) => void;
      const doneFrame = new Promise<string>((resolve) => {
        finish = resolve;
      });
      const requests: { url: string; lastEventId: string | null }[] = [];
      vi.stubGlobal(
        "fetch",
        vi.fn(async (url: string, init: RequestInit) => {
          requests.push({ url, lastEventId: new Headers(init.headers).get("Last-Event-ID") });
          return requests.length === 1 ? sse(first, "drop") : sse(tokens.slice(2), "close", doneFrame);
        }),
      );
      const { hook } = setup(savedConversation());
      let sending: Promise<boolean> | undefined;
      act(() => {
        sending = hook.result.current.chat.send("Story");
      });
      // Resumed after the last whole event (the second token): the rest follows, once.
      await waitFor(() => expect(hook.result.current.state.turn?.text).toBe("Once upon a time."), {
        timeout: 3000,
      });
      expect(requests).toEqual([
        { url: "/api/generate", lastEventId: null },
        { url: `/api/generate/${STREAM}`, lastEventId: "3" },
      ]);
      expect(hook.result.current.state.failure).toBeNull();

      await act(async () => {
        finish(
          frame(6, "done", {
            conversation_id: "conv-1",
            message: message("m-3", "bot", "Once upon a time."),
            suggestion: null,
            oldest_included_message_id: null,
          }),
        );
        expect(await sending).toBe(true);
      });
      await waitFor(() =>
        expect(hook.result.current.state.messages.map((m) => m.content)).toEqual([
          "Hello, traveller.",
          "Story",
          "Once upon a time.",
        ]),
      );
      expect(hook.result.current.state.turn).toBeNull();
      expect(hook.result.current.state.failure).toBeNull();
      expect(vi.mocked(stopReply)).not.toHaveBeenCalled();
      expect(pageMock).not.toHaveBeenCalled();
    });

    it("gives up with the connection failure, stops the reply and shows what the server saved", async () => {
      generateMock.mockImplementationOnce(async (_body, handlers) => {
        handlers.onStart?.({
          stream_id: STREAM,
          conversation_id: "conv-1",
          user_message: message("m-2", "user", "Story"),
        });
        handlers.onToken("Once upon");
        throw new ReplyLostError(STREAM);
      });
      pageMock.mockResolvedValueOnce({
        messages: [{ ...message("m-3", "bot", "Once upon a time"), status: "cut" }],
        has_more_before: true,
        has_more_after: false,
      });
      const { hook } = setup(savedConversation());
      let sent: boolean | undefined;
      await act(async () => {
        sent = await hook.result.current.chat.send("Story");
      });
      // The message was saved: it stays, and the failure offers Resubmit.
      expect(sent).toBe(true);
      await waitFor(() => expect(hook.result.current.state.failure?.code).toBe("network_error"));
      expect(hook.result.current.state.retry).toEqual({ kind: "resubmit", mode: "reply" });
      expect(hook.result.current.state.behind).toBe(true);

      await waitFor(() => expect(pageMock).toHaveBeenCalled(), { timeout: LOST_REPLY_SETTLE_MS + 2000 });
      expect(vi.mocked(stopReply)).toHaveBeenCalledWith(STREAM);
      expect(pageMock).toHaveBeenCalledWith(
        "conv-1",
        { after_id: "m-2", limit: expect.any(Number) },
        expect.anything(),
      );
      await waitFor(() => expect(ids(hook.result.current.state)).toEqual(["m-1", "m-2", "m-3"]));
      expect(hook.result.current.state.messages.at(-1)).toMatchObject({
        content: "Once upon a time",
        status: "cut",
      });
      // The failure stays on screen; the server's copy is read, so the next reply reads nothing first.
      expect(hook.result.current.state.failure?.code).toBe("network_error");
      expect(hook.result.current.state.behind).toBe(false);
    });

    it("when what the server saved cannot be read yet, reads it before the next reply", async () => {
      generateMock.mockImplementationOnce(async (_body, handlers) => {
        handlers.onStart?.({
          stream_id: STREAM,
          conversation_id: "conv-1",
          user_message: message("m-2", "user", "Story"),
        });
        throw new ReplyLostError(STREAM);
      });
      pageMock.mockRejectedValueOnce(new ApiError(0, "network_error", "offline"));
      const { hook } = setup(savedConversation());
      await act(async () => {
        await hook.result.current.chat.send("Story");
      });
      await waitFor(() => expect(pageMock).toHaveBeenCalledTimes(1), {
        timeout: LOST_REPLY_SETTLE_MS + 2000,
      });
      expect(hook.result.current.state.behind).toBe(true);

      pageMock.mockResolvedValueOnce({
        messages: [{ ...message("m-3", "bot", "Once upon"), status: "cut" }],
        has_more_before: true,
        has_more_after: false,
      });
      generateMock.mockImplementationOnce(async (body, handlers) => {
        expect(body.resubmit).toBe(true);
        handlers.onStart?.({ stream_id: "s-2", conversation_id: "conv-1", user_message: null });
        return done({
          ...message("m-3", "bot", "Once upon a time"),
          alternates: ["Once upon", "Once upon a time"],
        });
      });
      await act(async () => {
        hook.result.current.chat.resubmit();
        await waitFor(() =>
          expect(hook.result.current.state.messages.at(-1)?.content).toBe("Once upon a time"),
        );
      });
      expect(pageMock).toHaveBeenLastCalledWith(
        "conv-1",
        expect.objectContaining({ after_id: "m-2" }),
        expect.anything(),
      );
      expect(ids(hook.result.current.state)).toEqual(["m-1", "m-2", "m-3"]);
    });
  });
});
