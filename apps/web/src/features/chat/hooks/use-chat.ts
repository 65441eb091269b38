import type { ConversationDetail, GenerateRequest, GenerationSettings, Message } from "@hearth/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { generate, isAbortError } from "../api/generate";
import { selectAlternate } from "../api/select-alternate";
import { updateMessage } from "../api/update-message";

export type Typing = "bot" | "autopilot" | "others";

/** A reply being streamed: a new one, a new version of `messageId`, or more text for `messageId`. */
export type Streaming = { mode: "reply" | "regenerate" | "continue"; messageId: string | null; text: string };

export type ChatFailure = { code: string; message: string };

/** Errors after which nothing can be sent (chat spec 4: input disabled after a code error). */
export const BLOCKING_CODES = new Set(["invalidAccess", "blockedBotCreator", "message_limit"]);

/**
 * Failures worth trying again as they are (the model or the network failed). A message refused for any
 * other reason (a limit, access, validation, a reply already running) was not sent and is not retried.
 */
export const RETRYABLE_CODES = new Set([
  "generation_failed",
  "llm_unavailable",
  "internal_error",
  "network_error",
  "rate_limited",
]);

type Attempt = {
  body: Omit<GenerateRequest, "character_id" | "conversation_id" | "type">;
  mode: Streaming["mode"];
  /** The member's message shown on screen before the server saved it (a new message only). */
  localId?: string;
};

export type UseChatOptions = {
  characterId: string;
  conversationId: string | undefined;
  greeting: string;
  /** The loaded conversation; its messages replace the local ones whenever it (re)loads. */
  detail: ConversationDetail | undefined;
  personaId: string | null;
  generationSettings: () => Partial<GenerationSettings> | undefined;
  /** Makes sure the visitor has a (guest) identity before the first request. */
  ensureIdentity: () => Promise<void>;
  /** A new conversation was created by the first message: the page moves to its address. */
  onConversationCreated: (id: string) => void;
  /** Re-reads the conversation from the server (after a stop or another tab's reply). */
  refresh: () => void;
  /** A message the server refused before saving it was taken off the list: its text goes back. */
  onUnsent?: (text: string) => void;
};

/** How long after a Stop the conversation is read back (the server saves the cut reply as it notices). */
const STOPPED_REFRESH_MS = [600, 2000];

let localIds = 0;
function localMessage(role: Message["role"], content: string, conversationId: string): Message {
  localIds += 1;
  return {
    id: `local-${localIds}`,
    conversation_id: conversationId,
    role,
    content,
    status: "complete",
    createdAt: new Date().toISOString(),
    alternates: [],
    alternate_index: 0,
    rating: null,
    rating_label: null,
    image_url: null,
    image_prompt: null,
  };
}

export function isLocalId(id: string): boolean {
  return id.startsWith("local-");
}

/**
 * The failure as the page keeps it. The server's message stays in the console only: the page shows the
 * spec's wording for the code (error-bar.tsx), never internal details such as the model server's address.
 */
function toFailure(error: unknown): ChatFailure {
  if (error instanceof ApiError) {
    console.warn(`Chat request failed: ${error.code} (${error.status}): ${error.message}`);
    return { code: error.code, message: error.message };
  }
  console.warn("Chat request failed", error);
  return { code: "internal_error", message: "Uh oh, something went wrong" };
}

function lastBot(list: Message[]): Message | undefined {
  const last = list.at(-1);
  return last?.role === "bot" ? last : undefined;
}

/** The chat page's conversation state: messages, the streamed reply, typing state, failures and actions. */
export function useChat(options: UseChatOptions) {
  const { characterId, detail, greeting } = options;
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const [messages, setMessages] = useState<Message[]>(() =>
    detail ? detail.messages : greeting ? [localMessage("bot", greeting, "")] : [],
  );
  const [oldestIncludedId, setOldestIncludedId] = useState<string | null>(
    detail?.oldest_included_message_id ?? null,
  );
  const [streaming, setStreaming] = useState<Streaming | null>(null);
  const [typing, setTyping] = useState<Typing | null>(null);
  const [failure, setFailure] = useState<ChatFailure | null>(null);
  /** The member's message that failed before the server saved it; Resubmit sends it again. */
  const [unsentId, setUnsentId] = useState<string | null>(null);
  const unsentIdRef = useRef<string | null>(null);
  unsentIdRef.current = unsentId;
  const conversationIdRef = useRef(options.conversationId);
  const abortRef = useRef<AbortController | null>(null);
  const lastAttemptRef = useRef<Attempt | null>(null);
  const busyRef = useRef(false);
  const streamedRef = useRef<{ mode: Streaming["mode"]; messageId: string | null; text: string } | null>(
    null,
  );
  const awaitingCutRef = useRef(false);

  useEffect(() => {
    if (!detail || busyRef.current) return;
    // A stopped reply is shown at once; until the server has saved it, keep showing the local copy.
    if (awaitingCutRef.current && detail.messages.at(-1)?.role === "user") return;
    awaitingCutRef.current = false;
    setMessages(detail.messages);
    setOldestIncludedId(detail.oldest_included_message_id);
  }, [detail]);

  useEffect(() => () => abortRef.current?.abort(), []);

  /** After Stop: what was streamed stays on screen, marked cut, as the server keeps it too. */
  const keepStoppedReply = useCallback(() => {
    const streamed = streamedRef.current;
    streamedRef.current = null;
    if (!streamed?.text) return;
    if (streamed.mode === "reply") {
      awaitingCutRef.current = true;
      const cut = {
        ...localMessage("bot", streamed.text, conversationIdRef.current ?? ""),
        status: "cut" as const,
      };
      setMessages((list) => [...list, cut]);
      return;
    }
    setMessages((list) =>
      list.map((m) =>
        m.id !== streamed.messageId
          ? m
          : streamed.mode === "continue"
            ? { ...m, content: m.content + streamed.text, status: "cut" }
            : { ...m, content: streamed.text, status: "cut" },
      ),
    );
  }, []);

  const run = useCallback(
    async (
      attempt: Attempt,
      onToken: (text: string) => void,
    ): Promise<{ suggestion: string | null } | null> => {
      if (busyRef.current) return null;
      busyRef.current = true;
      const controller = new AbortController();
      abortRef.current = controller;
      setFailure(null);
      setUnsentId(null);
      lastAttemptRef.current = attempt;
      const createdHere = !conversationIdRef.current;
      let userMessageSaved = false;
      try {
        await optionsRef.current.ensureIdentity();
        const body: GenerateRequest = {
          character_id: characterId,
          type: "text",
          ...(conversationIdRef.current ? { conversation_id: conversationIdRef.current } : {}),
          ...attempt.body,
        };
        const settings = optionsRef.current.generationSettings();
        if (settings) body.generation_settings = settings;
        if (!conversationIdRef.current && optionsRef.current.personaId)
          body.persona_id = optionsRef.current.personaId;
        const done = await generate(
          body,
          {
            onStart: (start) => {
              conversationIdRef.current = start.conversation_id;
              const saved = start.user_message;
              if (saved) {
                userMessageSaved = true;
                setMessages((list) => {
                  const index = list.findLastIndex((m) => m.role === "user" && isLocalId(m.id));
                  if (index === -1) return [...list, saved];
                  return list.map((m, i) => (i === index ? saved : m));
                });
                // The user message is saved: a retry must not send it again.
                lastAttemptRef.current = { body: { resubmit: true }, mode: "reply" };
              }
            },
            onToken,
          },
          controller.signal,
        );
        conversationIdRef.current = done.conversation_id;
        const reply = done.message;
        if (reply) {
          setMessages((list) =>
            list.some((m) => m.id === reply.id)
              ? list.map((m) => (m.id === reply.id ? reply : m))
              : [...list, reply],
          );
        }
        if (done.oldest_included_message_id !== undefined)
          setOldestIncludedId(done.oldest_included_message_id);
        lastAttemptRef.current = null;
        return { suggestion: done.suggestion };
      } catch (error) {
        if (isAbortError(error)) {
          keepStoppedReply();
          // The server keeps what was generated: read it back once it is saved.
          if (conversationIdRef.current && !createdHere) {
            for (const delay of STOPPED_REFRESH_MS)
              window.setTimeout(() => optionsRef.current.refresh(), delay);
          }
          return null;
        }
        const failed = toFailure(error);
        const { localId } = attempt;
        if (localId && !userMessageSaved) {
          if (RETRYABLE_CODES.has(failed.code)) {
            setUnsentId(localId);
          } else {
            // Refused (a limit, access, a reply already running): it was never sent, so it leaves the
            // list and its text goes back to the input.
            lastAttemptRef.current = null;
            setMessages((list) => list.filter((m) => m.id !== localId));
            if (attempt.body.message !== undefined) optionsRef.current.onUnsent?.(attempt.body.message);
          }
        }
        if (failed.code === "generation_in_progress") {
          setTyping("others");
          window.setTimeout(() => {
            setTyping((current) => (current === "others" ? null : current));
            optionsRef.current.refresh();
          }, 3000);
          return null;
        }
        setFailure(failed);
        return null;
      } finally {
        streamedRef.current = null;
        busyRef.current = false;
        abortRef.current = null;
        setStreaming(null);
        setTyping((current) => (current === "others" ? current : null));
        const id = conversationIdRef.current;
        if (createdHere && id) optionsRef.current.onConversationCreated(id);
      }
    },
    [characterId, keepStoppedReply],
  );

  const startReply = useCallback(
    (attempt: Attempt, messageId: string | null) => {
      setTyping("bot");
      setStreaming({ mode: attempt.mode, messageId, text: "" });
      const streamed = { mode: attempt.mode, messageId, text: "" };
      streamedRef.current = streamed;
      return run(attempt, (text) => {
        streamed.text += text;
        setStreaming((s) => (s ? { ...s, text: s.text + text } : s));
      });
    },
    [run],
  );

  const send = useCallback(
    (text: string) => {
      const content = text.trim();
      if (!content || busyRef.current) return;
      const local = localMessage("user", content, conversationIdRef.current ?? "");
      // A new message replaces one that was not sent (the member moved on instead of resubmitting it).
      const unsent = unsentIdRef.current;
      setMessages((list) => [...list.filter((m) => m.id !== unsent), local]);
      void startReply({ body: { message: content }, mode: "reply", localId: local.id }, null);
    },
    [startReply],
  );

  const regenerate = useCallback(() => {
    const target = lastBot(messages);
    if (!target || busyRef.current) return;
    void startReply({ body: { regenerate: true }, mode: "regenerate" }, target.id);
  }, [messages, startReply]);

  const continueReply = useCallback(() => {
    const target = lastBot(messages);
    if (!target || busyRef.current) return;
    void startReply({ body: { continue_chat: true }, mode: "continue" }, target.id);
  }, [messages, startReply]);

  const resubmit = useCallback(() => {
    const attempt = lastAttemptRef.current;
    if (!attempt || busyRef.current) return;
    if (attempt.body.message !== undefined || !conversationIdRef.current) {
      void startReply(attempt, null);
      return;
    }
    const target = lastBot(messages);
    const mode = attempt.mode === "continue" ? "continue" : target ? "regenerate" : "reply";
    void startReply({ body: { resubmit: true }, mode }, target?.id ?? null);
  }, [messages, startReply]);

  /** Autopilot: streams a suggested user message into the input; answers it, or null when stopped. */
  const suggest = useCallback(
    async (onText: (text: string) => void): Promise<string | null> => {
      if (busyRef.current) return null;
      setTyping("autopilot");
      let text = "";
      const result = await run({ body: { autopilot: true }, mode: "reply" }, (piece) => {
        text += piece;
        onText(text);
      });
      return result ? (result.suggestion ?? text) : null;
    },
    [run],
  );

  const stop = useCallback(() => abortRef.current?.abort(), []);

  const showAlternate = useCallback(
    async (messageId: string, index: number, persist: boolean) => {
      const message = messages.find((m) => m.id === messageId);
      if (!message || busyRef.current || index < 0 || index >= message.alternates.length) return;
      const previous = message;
      const content = message.alternates[index] ?? message.content;
      setMessages((list) =>
        list.map((m) => (m.id === messageId ? { ...m, alternate_index: index, content } : m)),
      );
      // Guests keep nothing on the server: their choice lives in the page.
      if (!persist) return;
      try {
        const saved = await selectAlternate(messageId, index);
        setMessages((list) => list.map((m) => (m.id === messageId ? saved : m)));
      } catch (error) {
        setMessages((list) => list.map((m) => (m.id === messageId ? previous : m)));
        setFailure(toFailure(error));
      }
    },
    [messages],
  );

  /** Saves an edit; on failure the old content is restored. Answers whether it was saved. */
  const editMessage = useCallback(async (messageId: string, content: string): Promise<boolean> => {
    let previous: Message | undefined;
    setMessages((list) =>
      list.map((m) => {
        if (m.id !== messageId) return m;
        previous = m;
        return { ...m, content };
      }),
    );
    try {
      const saved = await updateMessage(messageId, content);
      setMessages((list) => list.map((m) => (m.id === messageId ? saved : m)));
      return true;
    } catch {
      setMessages((list) => list.map((m) => (m.id === messageId && previous ? previous : m)));
      return false;
    }
  }, []);

  const patchMessage = useCallback((messageId: string, patch: Partial<Message>) => {
    setMessages((list) => list.map((m) => (m.id === messageId ? { ...m, ...patch } : m)));
  }, []);

  const dropFrom = useCallback((messageId: string) => {
    setMessages((list) => {
      const index = list.findIndex((m) => m.id === messageId);
      return index === -1 ? list : list.slice(0, index);
    });
  }, []);

  return {
    messages,
    oldestIncludedId,
    streaming,
    typing,
    failure,
    unsentId,
    conversationId: conversationIdRef.current,
    canResubmit: lastAttemptRef.current !== null,
    send,
    regenerate,
    continueReply,
    resubmit,
    suggest,
    stop,
    showAlternate,
    editMessage,
    patchMessage,
    dropFrom,
    dismissFailure: () => setFailure(null),
    setFailure,
  };
}

export type ChatController = ReturnType<typeof useChat>;
