import type { ConversationDetail, Message, MessagePage, Persona } from "@hearth/contracts";
import { type ChatFailure, isRetryable } from "./chat-errors";

/**
 * The chat page's one store: what the conversation holds (the loaded messages, newest last), the reply
 * being written and the last failure. It lives in the TanStack Query cache under the conversation's key
 * (use-chat-store.ts) and changes only through `chatReducer`, so every transition is a pure function
 * tested on its own (chat-state.test.ts).
 */

/** A reply being written: to a new message, a new version of `targetId`, more of `targetId`, or a suggestion. */
export type TurnMode = "reply" | "regenerate" | "continue" | "autopilot";

export type Turn = {
  mode: TurnMode;
  /** regenerate / continue: the bot message that gets the new text. */
  targetId: string | null;
  /** The text streamed so far. */
  text: string;
  /** The member's message shown before the server saved it; null once saved (or with no message). */
  localId: string | null;
};

/** What Resubmit sends after a failure worth retrying (`targetId`: the older reply a regenerate was for). */
export type Retry =
  | { kind: "message"; text: string; localId: string }
  | { kind: "resubmit"; mode: Exclude<TurnMode, "autopilot">; targetId?: string | null };

/**
 * At most this many messages stay loaded: scrolling on past them drops the farthest pages (read again
 * from the server when the reader comes back), so a long read keeps the page's memory bounded.
 */
export const LOADED_MESSAGES_MAX = 400;

export type ChatState = {
  conversationId: string | null;
  label: string | null;
  /** The persona the member speaks as (null: their default, or a guest). */
  persona: Persona | null;
  /**
   * The loaded messages, oldest first: the newest ones, and older pages as the reader scrolls up; at most
   * LOADED_MESSAGES_MAX (the farthest pages are dropped, and paged in again when the reader returns).
   */
  messages: Message[];
  /** Older messages exist on the server than `messages[0]`. */
  hasMoreBefore: boolean;
  olderStatus: "idle" | "loading" | "failed";
  /** Newer messages exist on the server than the last loaded one (they were dropped while reading back). */
  hasMoreAfter: boolean;
  newerStatus: "idle" | "loading" | "failed";
  /** How many messages of the conversation come before `messages[0]` (its position). */
  before: number;
  /** Every message of the conversation, loaded or not (positions and the chatbot rating use it). */
  messageCount: number;
  /** The oldest message the last generation still read: the cut-off notice goes above it. */
  oldestIncludedId: string | null;
  turn: Turn | null;
  failure: ChatFailure | null;
  /** The member's message that failed before it was saved: shown as not sent, Resubmit sends it. */
  unsentId: string | null;
  retry: Retry | null;
  /**
   * The server may hold messages this page has not seen (a stopped reply it saved after the stream
   * ended, or a reply written from another tab): they are read once, before the next generation.
   */
  behind: boolean;
};

export type ChatAction =
  | { type: "olderRequested" }
  | { type: "olderLoaded"; page: MessagePage }
  | { type: "olderFailed" }
  | { type: "newerRequested" }
  | { type: "newerLoaded"; page: MessagePage }
  | { type: "newerFailed" }
  /** The newest page, replacing what is loaded (back to the end of a long conversation). */
  | { type: "newestLoaded"; page: MessagePage }
  /** The messages after `afterId` as the server has them now (null: the newest page). */
  | { type: "caughtUp"; afterId: string | null; page: MessagePage }
  /** A new message from the member: shown at once (a local id), and the reply to it starts. */
  | { type: "sent"; message: Message }
  /** A reply starts without a new message (regenerate, continue, resubmit, a suggestion). */
  | { type: "turnStarted"; mode: TurnMode; targetId: string | null; localId: string | null }
  /** The server answered: the conversation (new or not) and the member's message as saved. */
  | { type: "started"; conversationId: string; userMessage: Message | null }
  | { type: "token"; text: string }
  | { type: "done"; message: Message | null; oldestIncludedId: string | null }
  | { type: "stopped" }
  /** `lost`: the reply's connection was lost after it started; the server keeps what it wrote (read back). */
  | { type: "failed"; failure: ChatFailure; lost?: boolean }
  /** A failure outside a reply (an alternate not saved, the creator blocked). */
  | { type: "failureShown"; failure: ChatFailure }
  | { type: "failureDismissed" }
  | { type: "messagePatched"; id: string; patch: Partial<Message> }
  | { type: "removedFrom"; id: string }
  | { type: "renamed"; label: string }
  | { type: "personaChanged"; persona: Persona };

const LOCAL_PREFIX = "local-";
let localIds = 0;

/** A message shown before (or without) the server saving it; its id says so (`isLocalId`). */
export function localMessage(
  role: Message["role"],
  content: string,
  conversationId: string | null,
  personaName: string | null = null,
): Message {
  localIds += 1;
  return {
    id: `${LOCAL_PREFIX}${localIds}`,
    conversation_id: conversationId ?? "",
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
    persona_name: role === "user" ? personaName : null,
  };
}

export function isLocalId(id: string): boolean {
  return id.startsWith(LOCAL_PREFIX);
}

const idle = {
  olderStatus: "idle",
  newerStatus: "idle",
  hasMoreAfter: false,
  turn: null,
  failure: null,
  unsentId: null,
  retry: null,
  behind: false,
} as const satisfies Partial<ChatState>;

/** A conversation as the server sent it: its newest page of messages. */
export function chatStateFromDetail(detail: ConversationDetail): ChatState {
  return {
    ...idle,
    conversationId: detail.id,
    label: detail.label,
    persona: detail.persona,
    messages: detail.messages,
    hasMoreBefore: detail.has_more_before,
    messageCount: detail.message_count,
    before: Math.max(0, detail.message_count - detail.messages.length),
    oldestIncludedId: detail.oldest_included_message_id,
  };
}

/** A chat not saved yet: the character's greeting ({{char}} filled in; {{user}} once the member writes). */
export function draftChatState(greeting: string, characterName: string): ChatState {
  const messages = greeting
    ? [localMessage("bot", greeting.replace(/\{\{char\}\}/gi, characterName), null)]
    : [];
  return {
    ...idle,
    conversationId: null,
    label: null,
    persona: null,
    messages,
    hasMoreBefore: false,
    messageCount: messages.length,
    before: 0,
    oldestIncludedId: null,
  };
}

/** The last message when it is the character's: the one regenerate and continue work on. */
export function lastBot(messages: readonly Message[]): Message | undefined {
  const last = messages.at(-1);
  return last?.role === "bot" ? last : undefined;
}

/** The newest message the server has saved (the cursor of a catch-up read). */
export function lastSaved(messages: readonly Message[]): Message | undefined {
  return messages.findLast((m) => !isLocalId(m.id));
}

/** What the input shows while a reply is written: the character typing, or a suggestion being written. */
export type Typing = "bot" | "autopilot";
export function typingOf(state: Pick<ChatState, "turn">): Typing | null {
  if (!state.turn) return null;
  return state.turn.mode === "autopilot" ? "autopilot" : "bot";
}

function without(messages: Message[], id: string | null): Message[] {
  return id === null ? messages : messages.filter((m) => m.id !== id);
}

function upsert(messages: Message[], message: Message, replaceId: string | null): Message[] {
  const id = replaceId ?? message.id;
  const index = messages.findIndex((m) => m.id === id || m.id === message.id);
  if (index === -1) return [...messages, message];
  return messages.map((m, i) => (i === index ? message : m));
}

/** Joins a page to the loaded messages, leaving out any message already there. */
function mergeOlder(older: Message[], loaded: Message[]): Message[] {
  const known = new Set(loaded.map((m) => m.id));
  return [...older.filter((m) => !known.has(m.id)), ...loaded];
}

/** Nothing is dropped while a reply is written or a message waits to be resent (they are at the end). */
function canDrop(state: ChatState, dropped: readonly Message[]): boolean {
  return state.turn === null && state.unsentId === null && !dropped.some((m) => isLocalId(m.id));
}

/** After an older page: the newest messages beyond LOADED_MESSAGES_MAX are dropped (paged in again later). */
function withOlder(state: ChatState, page: MessagePage): ChatState {
  const messages = mergeOlder(page.messages, state.messages);
  const added = messages.length - state.messages.length;
  const next: ChatState = {
    ...state,
    messages,
    hasMoreBefore: page.has_more_before,
    olderStatus: "idle",
    before: page.has_more_before ? Math.max(0, state.before - added) : 0,
  };
  const dropped = messages.slice(LOADED_MESSAGES_MAX);
  if (dropped.length === 0 || !canDrop(state, dropped)) return next;
  return { ...next, messages: messages.slice(0, LOADED_MESSAGES_MAX), hasMoreAfter: true };
}

/** After a newer page: the oldest messages beyond LOADED_MESSAGES_MAX are dropped. */
function withNewer(state: ChatState, page: MessagePage): ChatState {
  const known = new Set(state.messages.map((m) => m.id));
  const messages = [...state.messages, ...page.messages.filter((m) => !known.has(m.id))];
  const next: ChatState = { ...state, messages, hasMoreAfter: page.has_more_after, newerStatus: "idle" };
  const excess = messages.length - LOADED_MESSAGES_MAX;
  if (excess <= 0) return next;
  return {
    ...next,
    messages: messages.slice(excess),
    hasMoreBefore: true,
    before: state.before + excess,
  };
}

/** The failure's effect on a member's message that the server had not saved yet. */
function failedTurn(state: ChatState, turn: Turn, failure: ChatFailure, lost: boolean): ChatState {
  const next: ChatState = { ...state, turn: null, failure, retry: null };
  if (failure.code === "generation_in_progress") next.behind = state.conversationId !== null;
  // The server saves the part written (when it stops the reply): read it back before the next generation.
  if (lost && turn.mode !== "autopilot") next.behind = state.conversationId !== null;
  if (turn.mode === "autopilot") return next;
  const retryable = isRetryable(failure.code);
  if (turn.localId !== null) {
    const local = state.messages.find((m) => m.id === turn.localId);
    if (!local) return next;
    if (!retryable) {
      // Refused (a limit, access, a reply already running): never sent, so it leaves the list.
      return {
        ...next,
        messages: without(state.messages, local.id),
        messageCount: state.messageCount - 1,
      };
    }
    return {
      ...next,
      unsentId: local.id,
      retry: { kind: "message", text: local.content, localId: local.id },
    };
  }
  if (!retryable) return next;
  // A new version of a reply remembers which one (it may be an older reply).
  const targetId = turn.mode === "regenerate" ? turn.targetId : null;
  return {
    ...next,
    retry: targetId ? { kind: "resubmit", mode: turn.mode, targetId } : { kind: "resubmit", mode: turn.mode },
  };
}

/** After Stop: what was streamed stays on screen, marked cut, as the server keeps it too. */
function stoppedTurn(state: ChatState, turn: Turn): ChatState {
  const next: ChatState = {
    ...state,
    turn: null,
    retry: null,
    // The server saves the cut reply as it notices the stop: read it back before the next generation.
    behind: state.conversationId !== null && turn.mode !== "autopilot",
  };
  if (!turn.text || turn.mode === "autopilot") return next;
  if (turn.mode === "reply") {
    const cut = { ...localMessage("bot", turn.text, state.conversationId), status: "cut" as const };
    return { ...next, messages: [...state.messages, cut], messageCount: state.messageCount + 1 };
  }
  return {
    ...next,
    messages: state.messages.map((m) =>
      m.id !== turn.targetId
        ? m
        : {
            ...m,
            content: turn.mode === "continue" ? m.content + turn.text : turn.text,
            status: "cut" as const,
          },
    ),
  };
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "olderRequested":
      return state.olderStatus === "loading" ? state : { ...state, olderStatus: "loading" };
    case "olderLoaded":
      return withOlder(state, action.page);
    case "olderFailed":
      return { ...state, olderStatus: "failed" };
    case "newerRequested":
      return state.newerStatus === "loading" ? state : { ...state, newerStatus: "loading" };
    case "newerLoaded":
      return withNewer(state, action.page);
    case "newerFailed":
      return { ...state, newerStatus: "failed" };
    case "newestLoaded":
      return {
        ...state,
        messages: action.page.messages,
        hasMoreBefore: action.page.has_more_before,
        hasMoreAfter: false,
        olderStatus: "idle",
        newerStatus: "idle",
        before: Math.max(0, state.messageCount - action.page.messages.length),
      };
    case "caughtUp": {
      const at = action.afterId === null ? -1 : state.messages.findIndex((m) => m.id === action.afterId);
      if (action.afterId !== null && at === -1) return { ...state, behind: false };
      const kept = state.messages.slice(0, at + 1);
      const replaced = state.messages.length - kept.length;
      const keptIds = new Set(kept.map((m) => m.id));
      const fresh = action.page.messages.filter((m) => !keptIds.has(m.id));
      const messageCount = state.messageCount - replaced + fresh.length;
      return {
        ...state,
        messages: [...kept, ...fresh],
        messageCount,
        hasMoreBefore: action.afterId === null ? action.page.has_more_before : state.hasMoreBefore,
        before: action.afterId === null ? Math.max(0, messageCount - fresh.length) : state.before,
        behind: false,
      };
    }
    case "sent": {
      const name = action.message.persona_name;
      // A new message replaces one that was not sent (the member moved on instead of resubmitting it).
      const kept = without(state.messages, state.unsentId).map((m) =>
        // The greeting of a new chat is shown with the name the member now writes as, as the server saves it.
        name !== null && m.role === "bot" && isLocalId(m.id)
          ? { ...m, content: m.content.replace(/\{\{user\}\}/gi, name) }
          : m,
      );
      return {
        ...state,
        messages: [...kept, action.message],
        messageCount: state.messageCount - (state.messages.length - kept.length) + 1,
        turn: { mode: "reply", targetId: null, text: "", localId: action.message.id },
        failure: null,
        unsentId: null,
        retry: null,
      };
    }
    case "turnStarted":
      return {
        ...state,
        turn: { mode: action.mode, targetId: action.targetId, text: "", localId: action.localId },
        failure: null,
        unsentId: null,
        retry: null,
      };
    case "started": {
      const next = { ...state, conversationId: action.conversationId };
      const saved = action.userMessage;
      if (!saved || !state.turn) return next;
      const replacing =
        state.turn.localId !== null && state.messages.some((m) => m.id === state.turn?.localId);
      return {
        ...next,
        messages: upsert(state.messages, saved, state.turn.localId),
        messageCount: replacing ? state.messageCount : state.messageCount + 1,
        turn: { ...state.turn, localId: null },
      };
    }
    case "token":
      return state.turn ? { ...state, turn: { ...state.turn, text: state.turn.text + action.text } } : state;
    case "done": {
      const reply = action.message;
      const targetId = state.turn?.targetId ?? null;
      // A new version of an older reply leaves the memory cut-off (the generations at the end set it).
      const older = targetId !== null && (state.hasMoreAfter || state.messages.at(-1)?.id !== targetId);
      const next: ChatState = {
        ...state,
        turn: null,
        failure: null,
        retry: null,
        oldestIncludedId: older ? state.oldestIncludedId : action.oldestIncludedId,
      };
      if (!reply) return next;
      const known = state.messages.some((m) => m.id === (targetId ?? reply.id) || m.id === reply.id);
      return {
        ...next,
        messages: upsert(state.messages, reply, targetId),
        messageCount: known ? state.messageCount : state.messageCount + 1,
      };
    }
    case "stopped":
      return state.turn ? stoppedTurn(state, state.turn) : state;
    case "failed":
      return state.turn
        ? failedTurn(state, state.turn, action.failure, action.lost === true)
        : { ...state, failure: action.failure };
    case "failureShown":
      return { ...state, failure: action.failure };
    case "failureDismissed":
      return { ...state, failure: null };
    case "messagePatched":
      return {
        ...state,
        messages: state.messages.map((m) => (m.id === action.id ? { ...m, ...action.patch } : m)),
      };
    case "removedFrom": {
      const index = state.messages.findIndex((m) => m.id === action.id);
      if (index === -1) return state;
      // Every later message goes too, loaded or not.
      return {
        ...state,
        messages: state.messages.slice(0, index),
        messageCount: state.before + index,
        hasMoreAfter: false,
        unsentId: null,
        retry: null,
      };
    }
    case "renamed":
      return { ...state, label: action.label };
    case "personaChanged":
      return { ...state, persona: action.persona };
  }
}
