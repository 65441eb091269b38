import type { GenerateDoneEvent, Message } from "@hearth/contracts";
import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { generate } from "../api/generate";
import { type UseChatOptions, useChat } from "./use-chat";

vi.mock("../api/generate", () => ({
  generate: vi.fn(),
  isAbortError: (error: unknown) => error instanceof DOMException && error.name === "AbortError",
}));

const generateMock = vi.mocked(generate);

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
  };
}

function setup() {
  const onUnsent = vi.fn();
  const options: UseChatOptions = {
    characterId: "char-1",
    conversationId: "conv-1",
    greeting: "",
    detail: {
      id: "conv-1",
      character_id: "char-1",
      label: null,
      persona: null,
      messages: [message("m-1", "bot", "Hello, traveller.")],
      oldest_included_message_id: null,
    } as unknown as UseChatOptions["detail"],
    personaId: null,
    generationSettings: () => undefined,
    ensureIdentity: async () => {},
    onConversationCreated: vi.fn(),
    refresh: vi.fn(),
    onUnsent,
  };
  const hook = renderHook(() => useChat(options));
  return { hook, onUnsent };
}

const userTexts = (list: Message[]) => list.filter((m) => m.role === "user").map((m) => m.content);

describe("useChat: a message the server refuses before saving it", () => {
  beforeEach(() => {
    generateMock.mockReset();
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("leaves the list and goes back to the input when a limit refuses it", async () => {
    generateMock.mockRejectedValueOnce(new ApiError(403, "message_limit", "You've reached the limit."));
    const { hook, onUnsent } = setup();
    act(() => hook.result.current.send("One message too many"));
    // Shown at once, as sending...
    expect(userTexts(hook.result.current.messages)).toEqual(["One message too many"]);
    // ... and taken back when the server refuses it.
    await waitFor(() => expect(hook.result.current.failure?.code).toBe("message_limit"));
    expect(userTexts(hook.result.current.messages)).toEqual([]);
    expect(onUnsent).toHaveBeenCalledWith("One message too many");
    expect(hook.result.current.canResubmit).toBe(false);
    expect(hook.result.current.unsentId).toBeNull();
  });

  it("is marked not sent after a model failure, and Resubmit sends it and clears the mark", async () => {
    generateMock.mockRejectedValueOnce(
      new ApiError(502, "generation_failed", "upstream at 10.0.0.7 refused"),
    );
    const { hook, onUnsent } = setup();
    act(() => hook.result.current.send("Are you there?"));
    await waitFor(() => expect(hook.result.current.failure?.code).toBe("generation_failed"));
    const local = hook.result.current.messages.find((m) => m.role === "user");
    expect(local?.content).toBe("Are you there?");
    expect(hook.result.current.unsentId).toBe(local?.id);
    expect(hook.result.current.canResubmit).toBe(true);
    expect(onUnsent).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining("upstream at 10.0.0.7 refused"));

    const saved = message("m-2", "user", "Are you there?");
    const reply = message("m-3", "bot", "You said: Are you there?");
    generateMock.mockImplementationOnce(async (body, handlers) => {
      expect(body.message).toBe("Are you there?");
      handlers.onStart?.({ conversation_id: "conv-1", user_message: saved });
      const done: GenerateDoneEvent = {
        conversation_id: "conv-1",
        message: reply,
        suggestion: null,
        oldest_included_message_id: null,
      };
      return done;
    });
    act(() => hook.result.current.resubmit());
    await waitFor(() => expect(hook.result.current.messages.at(-1)?.id).toBe("m-3"));
    expect(hook.result.current.unsentId).toBeNull();
    expect(hook.result.current.failure).toBeNull();
    expect(hook.result.current.messages.map((m) => m.id)).toEqual(["m-1", "m-2", "m-3"]);
  });

  it("stays as sent when the server saved it before the reply failed", async () => {
    const saved = message("m-2", "user", "Saved first");
    generateMock.mockImplementationOnce(async (_body, handlers) => {
      handlers.onStart?.({ conversation_id: "conv-1", user_message: saved });
      throw new ApiError(502, "generation_failed", "x");
    });
    const { hook, onUnsent } = setup();
    act(() => hook.result.current.send("Saved first"));
    await waitFor(() => expect(hook.result.current.failure?.code).toBe("generation_failed"));
    expect(hook.result.current.messages.map((m) => m.id)).toEqual(["m-1", "m-2"]);
    expect(hook.result.current.unsentId).toBeNull();
    expect(onUnsent).not.toHaveBeenCalled();
  });

  it("a new message replaces one that was not sent", async () => {
    generateMock.mockRejectedValueOnce(new ApiError(0, "network_error", "offline"));
    const { hook } = setup();
    act(() => hook.result.current.send("Lost"));
    await waitFor(() => expect(hook.result.current.unsentId).not.toBeNull());
    generateMock.mockImplementationOnce(() => new Promise(() => {}));
    act(() => hook.result.current.send("Instead"));
    expect(userTexts(hook.result.current.messages)).toEqual(["Instead"]);
  });
});
