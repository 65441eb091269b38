import {
  CHAT_LIMITS,
  type GenerateRequest,
  type GenerationSettings,
  type Message,
  type Persona,
} from "@hearth/contracts";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { cameThroughSharedLink } from "../../../lib/shared-link";
import { generate, isAbortError, ReplyLostError, stopReply } from "../api/generate";
import { fetchMessagePage } from "../api/get-conversation";
import { rateMessage } from "../api/rate-message";
import { removeMessagesFrom } from "../api/remove-messages";
import { selectAlternate } from "../api/select-alternate";
import { updateMessage } from "../api/update-message";
import { type ChatFailure, isRetryable, toFailure } from "../lib/chat-errors";
import {
  type ChatAction,
  type ChatState,
  isLocalId,
  lastBot,
  lastSaved,
  localMessage,
  type TurnMode,
} from "../lib/chat-state";
import type { ChatStore } from "./use-chat-store";

export type UseChatOptions = {
  store: ChatStore;
  characterId: string;
  /** The name the member writes as now: kept with each new message. */
  userName: string;
  /** Members keep their choice of a reply's version on the server; guests keep nothing there. */
  member: boolean;
  generationSettings: () => Partial<GenerationSettings> | undefined;
  /** Makes sure the visitor has a (guest) identity before the first request. */
  ensureIdentity: () => Promise<void>;
  /** The first message saved a new chat: the page moves to the conversation's address. */
  onConversationCreated: (id: string) => void;
  /** A generation ended and the conversation changed on the server (its lists are out of date). */
  onSaved?: () => void;
  /** A generation failed (refused or interrupted; not a Stop), after the failure is in the store. */
  onFailed?: (failure: ChatFailure) => void;
  /** Added to each new message's request (a group chat's pick of who answers). */
  requestExtras?: () => Pick<GenerateRequest, "speaker_id">;
  /** A reply started: who writes it in a group chat (null otherwise, and once it ended). */
  onReplySpeaker?: (speakerId: string | null) => void;
};

/** How a generation ended; `text` is what was streamed (a suggestion's text). */
type Outcome =
  | { status: "done"; text: string; suggestion: string | null }
  | { status: "stopped" | "skipped" }
  | { status: "failed"; failure: ChatFailure; userMessageSaved: boolean };

type Start = { body: Omit<GenerateRequest, "character_id" | "conversation_id" | "type"> };

/**
 * How long after asking the server to stop a lost reply its saved part is read: the server saves it as
 * it notices the stop, just after answering.
 */
export const LOST_REPLY_SETTLE_MS = 500;

/**
 * Where the server's copy of a reply being written starts: after the last saved message for a new reply,
 * after the one before its target for a new version or more of a message (that message comes back too).
 * Null when nothing is saved for it (a suggestion, a chat not saved yet).
 */
function replyAnchor(state: ChatState): { afterId: string | null; olderTargetId: string | null } | null {
  const { turn, messages } = state;
  if (!turn || turn.mode === "autopilot" || state.conversationId === null) return null;
  const at = turn.targetId === null ? -1 : messages.findIndex((m) => m.id === turn.targetId);
  const older = at !== -1 && (at < messages.length - 1 || state.hasMoreAfter);
  return {
    afterId: lastSaved(at === -1 ? messages : messages.slice(0, at))?.id ?? null,
    olderTargetId: older ? (turn.targetId ?? null) : null,
  };
}

/** The bot message `id` is a reply before the end of the conversation (later messages follow it). */
function isOlderReply(state: ChatState, id: string): boolean {
  return state.hasMoreAfter || state.messages.at(-1)?.id !== id;
}

/**
 * The chat's actions. Each one changes the store only through its reducer: a generation dispatches
 * `sent`/`turnStarted`, then `started`, `token`s and `done` (or `stopped`/`failed`) as the server streams.
 * Nothing is read back after a reply: the stream's `done` carries the saved message. Only when the
 * store is `behind` (a stopped reply the server saved after the stream closed, another tab's reply) are
 * the messages after the last saved one read, once, before the next generation.
 */
export function useChat(options: UseChatOptions) {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const { get } = options.store;
  const dispatch = useCallback((action: ChatAction) => optionsRef.current.store.dispatch(action), []);
  const abortRef = useRef<AbortController | null>(null);
  /** The running reply's stream (its `start` event), which Stop asks the server to end. */
  const streamRef = useRef<string | null>(null);
  const busyRef = useRef(false);
  /** Reading back a reply whose connection was lost; a new generation or leaving the page ends it. */
  const recoveryRef = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      abortRef.current?.abort();
      recoveryRef.current?.abort();
    },
    [],
  );

  /** Reads what the server holds after the last saved message, when the store may be behind it. */
  const catchUp = useCallback(
    async (signal: AbortSignal) => {
      const state = get();
      // Reading back from the end happens only once the end is loaded (jumpToNewest reads it afresh).
      if (!state.behind || !state.conversationId || state.hasMoreAfter) return;
      const anchor = lastSaved(state.messages);
      try {
        const page = await fetchMessagePage(
          state.conversationId,
          anchor ? { after_id: anchor.id, limit: CHAT_LIMITS.messagePageMax } : {},
          signal,
        );
        dispatch({ type: "caughtUp", afterId: anchor?.id ?? null, page });
      } catch (error) {
        // Not fatal: the reply goes on from what the page shows, and the next one tries again.
        console.warn("Chat could not read the latest messages", error);
      }
    },
    [get, dispatch],
  );

  /**
   * A reply whose connection was lost and could not be resumed: asks the server to stop it (so it saves
   * the part written now, not after its grace), then reads what it saved after `afterId`. Until that is
   * read the store stays `behind`, and the next generation reads it first.
   */
  const readLostReply = useCallback(
    async (
      streamId: string,
      conversationId: string,
      afterId: string | null,
      olderTargetId: string | null,
    ) => {
      recoveryRef.current?.abort();
      const controller = new AbortController();
      recoveryRef.current = controller;
      const current = () =>
        !controller.signal.aborted &&
        !busyRef.current &&
        get().behind &&
        get().conversationId === conversationId;
      try {
        await stopReply(streamId).catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, LOST_REPLY_SETTLE_MS));
        if (!current()) return;
        // An older reply: only it is read again (the messages after it are as they were).
        const limit = olderTargetId ? 1 : CHAT_LIMITS.messagePageMax;
        const page = await fetchMessagePage(
          conversationId,
          afterId ? { after_id: afterId, limit } : { limit },
          controller.signal,
        );
        // Nothing saved yet: it is read before the next generation.
        if (!current() || page.messages.length === 0) return;
        const saved = page.messages[0];
        if (olderTargetId) {
          if (saved?.id === olderTargetId) dispatch({ type: "messagePatched", id: saved.id, patch: saved });
          return;
        }
        dispatch({ type: "caughtUp", afterId, page });
      } catch (error) {
        if (!controller.signal.aborted) console.warn("Chat could not read the interrupted reply", error);
      } finally {
        if (recoveryRef.current === controller) recoveryRef.current = null;
      }
    },
    [get, dispatch],
  );

  /** Loads the newest page in place of what is loaded (the reader had paged back from the end). */
  const loadNewest = useCallback(
    async (signal?: AbortSignal) => {
      const { conversationId } = get();
      if (!conversationId) return;
      const page = await fetchMessagePage(conversationId, {}, signal);
      if (get().conversationId === conversationId) dispatch({ type: "newestLoaded", page });
    },
    [get, dispatch],
  );

  /**
   * One generation. `atEnd` (all but a new version of an older reply): it works on the end of the
   * conversation, so the newest messages are loaded first when the reader had paged back from them.
   */
  const run = useCallback(
    async (start: () => Start | null, atEnd = true): Promise<Outcome> => {
      if (busyRef.current) return { status: "skipped" };
      busyRef.current = true;
      recoveryRef.current?.abort();
      const controller = new AbortController();
      abortRef.current = controller;
      let userMessageSaved = false;
      let text = "";
      try {
        if (atEnd && get().hasMoreAfter) await loadNewest(controller.signal);
        await catchUp(controller.signal);
        const attempt = start();
        if (!attempt) return { status: "skipped" };
        const { characterId, generationSettings, ensureIdentity } = optionsRef.current;
        await ensureIdentity();
        const state = get();
        const body: GenerateRequest = { character_id: characterId, type: "text", ...attempt.body };
        if (state.conversationId) body.conversation_id = state.conversationId;
        else if (state.persona) body.persona_id = state.persona.id;
        const settings = generationSettings();
        if (settings) body.generation_settings = settings;
        // A guest who came through the character's share link may chat with it from the waiting room.
        if (cameThroughSharedLink(characterId)) body.shared_link = true;
        const done = await generate(
          body,
          {
            onStart: (event) => {
              streamRef.current = event.stream_id;
              optionsRef.current.onReplySpeaker?.(event.speaker_id ?? null);
              const created = get().conversationId === null;
              if (created) optionsRef.current.store.moveTo(event.conversation_id);
              userMessageSaved = event.user_message !== null;
              dispatch({
                type: "started",
                conversationId: event.conversation_id,
                userMessage: event.user_message,
              });
              if (created) optionsRef.current.onConversationCreated(event.conversation_id);
            },
            onToken: (piece) => {
              text += piece;
              dispatch({ type: "token", text: piece });
            },
          },
          controller.signal,
        );
        dispatch({ type: "done", message: done.message, oldestIncludedId: done.oldest_included_message_id });
        if (done.message) optionsRef.current.onSaved?.();
        return { status: "done", text, suggestion: done.suggestion };
      } catch (error) {
        if (isAbortError(error) || controller.signal.aborted) {
          dispatch({ type: "stopped" });
          return { status: "stopped" };
        }
        const failure = toFailure(error);
        const lost = error instanceof ReplyLostError;
        const anchor = lost ? replyAnchor(get()) : null;
        const { conversationId } = get();
        dispatch({ type: "failed", failure, lost });
        optionsRef.current.onFailed?.(failure);
        // The connection could not be resumed: the server keeps what was written; show it.
        if (lost && anchor && conversationId) {
          void readLostReply(error.streamId, conversationId, anchor.afterId, anchor.olderTargetId);
        }
        return { status: "failed", failure, userMessageSaved };
      } finally {
        busyRef.current = false;
        if (abortRef.current === controller) {
          abortRef.current = null;
          streamRef.current = null;
        }
      }
    },
    [catchUp, readLostReply, loadNewest, get, dispatch],
  );

  /** A reply that needs no new message: to the last bot message, when there is one. */
  const replyTo = useCallback(
    (mode: Extract<TurnMode, "regenerate" | "continue">) =>
      run(() => {
        const target = lastBot(get().messages);
        if (!target || isLocalId(target.id)) return null;
        dispatch({ type: "turnStarted", mode, targetId: target.id, localId: null });
        return { body: mode === "regenerate" ? { regenerate: true } : { continue_chat: true } };
      }),
    [run, get, dispatch],
  );

  /**
   * A new version of any reply: the last one as `regenerate`, an older one from the messages before it
   * (the server keeps every later message).
   */
  const regenerateAt = useCallback(
    (messageId: string) => {
      const state = get();
      if (!isOlderReply(state, messageId)) return replyTo("regenerate");
      return run(() => {
        const target = get().messages.find((m) => m.id === messageId);
        if (target?.role !== "bot" || isLocalId(target.id)) return null;
        dispatch({ type: "turnStarted", mode: "regenerate", targetId: target.id, localId: null });
        return { body: { regenerate: true, target_message_id: target.id } };
      }, false);
    },
    [run, replyTo, get, dispatch],
  );

  return useMemo(
    () => ({
      /**
       * Sends a new message. Answers false when it was not sent and its text should go back to the input:
       * refused before it was saved (a limit, a reply already running in another tab), or a reply still
       * being written here.
       */
      send: async (text: string): Promise<boolean> => {
        const content = text.trim();
        if (!content) return true;
        const outcome = await run(() => {
          const { conversationId } = get();
          dispatch({
            type: "sent",
            message: localMessage("user", content, conversationId, optionsRef.current.userName),
          });
          return { body: { message: content, ...optionsRef.current.requestExtras?.() } };
        });
        if (outcome.status === "skipped") return false;
        return !(
          outcome.status === "failed" &&
          !outcome.userMessageSaved &&
          !isRetryable(outcome.failure.code)
        );
      },
      regenerate: () => void replyTo("regenerate"),
      /** A new version of this reply (an older one keeps the messages after it). */
      regenerateAt: (messageId: string) => void regenerateAt(messageId),
      continueReply: () => void replyTo("continue"),
      /** Group chats' 'speak now': a new reply by this character, with no new message. */
      speak: (speakerId: string) =>
        void run(() => {
          if (!get().conversationId) return null;
          dispatch({ type: "turnStarted", mode: "reply", targetId: null, localId: null });
          return { body: { speak: true, speaker_id: speakerId } };
        }),
      /** Sends again what failed: the unsent message, or a reply to what the server has. */
      resubmit: () => {
        const failed = get().retry;
        const olderRetry =
          failed?.kind === "resubmit" &&
          failed.mode === "regenerate" &&
          typeof failed.targetId === "string" &&
          isOlderReply(get(), failed.targetId);
        void run(() => {
          const state = get();
          const retry = state.retry;
          if (!retry) return null;
          if (retry.kind === "message") {
            dispatch({ type: "turnStarted", mode: "reply", targetId: null, localId: retry.localId });
            return { body: { message: retry.text } };
          }
          if (!state.conversationId) return null;
          // A failed new version of an older reply is asked for again.
          const older = retry.targetId ? state.messages.find((m) => m.id === retry.targetId) : undefined;
          if (retry.mode === "regenerate" && older && isOlderReply(state, older.id)) {
            dispatch({ type: "turnStarted", mode: "regenerate", targetId: older.id, localId: null });
            return { body: { regenerate: true, target_message_id: older.id } };
          }
          const target = lastBot(state.messages);
          const mode = retry.mode === "continue" ? "continue" : target ? "regenerate" : "reply";
          dispatch({
            type: "turnStarted",
            mode,
            targetId: mode === "reply" ? null : (target?.id ?? null),
            localId: null,
          });
          return { body: { resubmit: true } };
        }, !olderRetry);
      },
      /** Autopilot: streams a suggested message (into the input); answers it, or null when it failed or stopped. */
      suggest: async (): Promise<string | null> => {
        const outcome = await run(() => {
          dispatch({ type: "turnStarted", mode: "autopilot", targetId: null, localId: null });
          return { body: { autopilot: true } };
        });
        return outcome.status === "done" ? (outcome.suggestion ?? outcome.text) : null;
      },
      /**
       * Stops the model where it runs (a dropped connection alone leaves the reply running for a resume),
       * then stops reading; the part written is kept.
       */
      stop: () => {
        const streamId = streamRef.current;
        if (streamId) void stopReply(streamId).catch(() => {});
        abortRef.current?.abort();
      },
      /** Shows another version of a reply; a member's choice is saved (and undone if that fails). */
      showAlternate: async (messageId: string, index: number) => {
        const message = get().messages.find((m) => m.id === messageId);
        if (!message || busyRef.current || index < 0 || index >= message.alternates.length) return;
        const content = message.alternates[index] ?? message.content;
        dispatch({ type: "messagePatched", id: messageId, patch: { alternate_index: index, content } });
        if (!optionsRef.current.member) return;
        try {
          const saved = await selectAlternate(messageId, index);
          dispatch({ type: "messagePatched", id: messageId, patch: saved });
        } catch (error) {
          dispatch({ type: "messagePatched", id: messageId, patch: message });
          dispatch({ type: "failureShown", failure: toFailure(error) });
        }
      },
      /** Saves an edit; on failure the old text comes back. Answers whether it was saved. */
      editMessage: async (messageId: string, content: string): Promise<boolean> => {
        const previous = get().messages.find((m) => m.id === messageId);
        if (!previous) return false;
        dispatch({ type: "messagePatched", id: messageId, patch: { content } });
        try {
          dispatch({ type: "messagePatched", id: messageId, patch: await updateMessage(messageId, content) });
          return true;
        } catch {
          dispatch({ type: "messagePatched", id: messageId, patch: previous });
          return false;
        }
      },
      /** A star, or the follow-up label of the star given (chat spec 4). */
      rateMessage: async (
        messageId: string,
        rating: number | null,
        label: string | null,
      ): Promise<boolean> => {
        try {
          await rateMessage(messageId, {
            ...(rating === null ? {} : { rating }),
            ...(label === null ? {} : { label }),
          });
          dispatch({ type: "messagePatched", id: messageId, patch: { rating, rating_label: label } });
          return true;
        } catch {
          return false;
        }
      },
      /** Removes a message and every later one (throws when the server refuses). */
      removeFrom: async (messageId: string): Promise<void> => {
        const { conversationId } = get();
        if (!conversationId) return;
        await removeMessagesFrom(conversationId, messageId);
        dispatch({ type: "removedFrom", id: messageId });
      },
      /** Loads the page of messages after the newest loaded one (the reader paged back and returns). */
      loadNewer: async () => {
        const state = get();
        const last = lastSaved(state.messages);
        if (!state.conversationId || !state.hasMoreAfter || state.newerStatus === "loading" || !last) return;
        dispatch({ type: "newerRequested" });
        try {
          const page = await fetchMessagePage(state.conversationId, { after_id: last.id });
          dispatch({ type: "newerLoaded", page });
        } catch (error) {
          console.warn("Chat could not load later messages", error);
          dispatch({ type: "newerFailed" });
        }
      },
      /** Back to the end of the conversation: its newest page, read afresh when it was dropped. */
      jumpToNewest: async (): Promise<void> => {
        if (!get().hasMoreAfter) return;
        try {
          await loadNewest();
        } catch (error) {
          console.warn("Chat could not load the latest messages", error);
          dispatch({ type: "newerFailed" });
        }
      },
      /** Loads the page of messages before the oldest loaded one. */
      loadOlder: async () => {
        const state = get();
        const first = state.messages.find((m: Message) => !isLocalId(m.id));
        if (!state.conversationId || !state.hasMoreBefore || state.olderStatus === "loading" || !first)
          return;
        dispatch({ type: "olderRequested" });
        try {
          const page = await fetchMessagePage(state.conversationId, { before_id: first.id });
          dispatch({ type: "olderLoaded", page });
        } catch (error) {
          console.warn("Chat could not load earlier messages", error);
          dispatch({ type: "olderFailed" });
        }
      },
      showFailure: (failure: ChatFailure) => dispatch({ type: "failureShown", failure }),
      dismissFailure: () => dispatch({ type: "failureDismissed" }),
      renamed: (label: string) => dispatch({ type: "renamed", label }),
      personaChanged: (persona: Persona) => dispatch({ type: "personaChanged", persona }),
    }),
    [run, replyTo, regenerateAt, loadNewest, get, dispatch],
  );
}

export type ChatController = ReturnType<typeof useChat>;
