import type { ConversationDetail, Message, Persona } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import {
  type ChatAction,
  type ChatState,
  chatReducer,
  chatStateFromDetail,
  draftChatState,
  isLocalId,
  LOADED_MESSAGES_MAX,
  lastBot,
  lastSaved,
  localMessage,
  typingOf,
} from "./chat-state";

function message(id: string, role: Message["role"], content: string, extra: Partial<Message> = {}): Message {
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
    ...extra,
  };
}

function detail(messages: Message[], extra: Partial<ConversationDetail> = {}): ConversationDetail {
  return {
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
    label: "Comet night",
    last_message: null,
    is_last_id: true,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    messages,
    has_more_before: false,
    message_count: messages.length,
    oldest_included_message_id: null,
    persona: null,
    ...extra,
  };
}

/** A saved conversation: the greeting, one exchange. */
function saved(): ChatState {
  return chatStateFromDetail(
    detail([message("m-1", "bot", "Hello"), message("m-2", "user", "Hi"), message("m-3", "bot", "Hey")]),
  );
}

function run(state: ChatState, ...actions: ChatAction[]): ChatState {
  return actions.reduce(chatReducer, state);
}

const ids = (state: ChatState) => state.messages.map((m) => m.id);

describe("chat state: loading", () => {
  it("opens a saved conversation from its newest page", () => {
    const state = chatStateFromDetail(
      detail([message("m-51", "bot", "x")], { has_more_before: true, message_count: 5000 }),
    );
    expect(state).toMatchObject({
      conversationId: "conv-1",
      label: "Comet night",
      hasMoreBefore: true,
      messageCount: 5000,
      turn: null,
      failure: null,
      behind: false,
    });
  });

  it("starts a new chat with the greeting, its character named and the member's name left for later", () => {
    const state = draftChatState("{{char}} waves at {{user}}", "Luna");
    expect(state.conversationId).toBeNull();
    expect(state.messages).toHaveLength(1);
    expect(state.messages[0]?.content).toBe("Luna waves at {{user}}");
    expect(isLocalId(state.messages[0]?.id ?? "")).toBe(true);
    expect(state.messageCount).toBe(1);
    expect(draftChatState("", "Luna").messages).toEqual([]);
  });

  it("prepends an older page once, keeping the count and what is loaded", () => {
    const start = chatStateFromDetail(
      detail([message("m-3", "user", "c"), message("m-4", "bot", "d")], {
        has_more_before: true,
        message_count: 4,
      }),
    );
    const loading = chatReducer(start, { type: "olderRequested" });
    expect(loading.olderStatus).toBe("loading");
    expect(chatReducer(loading, { type: "olderRequested" })).toBe(loading);
    const page = {
      messages: [message("m-1", "bot", "a"), message("m-2", "user", "b"), message("m-3", "user", "c")],
      has_more_before: false,
      has_more_after: true,
    };
    const loaded = chatReducer(loading, { type: "olderLoaded", page });
    expect(ids(loaded)).toEqual(["m-1", "m-2", "m-3", "m-4"]);
    expect(loaded).toMatchObject({ hasMoreBefore: false, olderStatus: "idle", messageCount: 4 });
  });

  it("marks a failed older page so it is not asked for in a loop", () => {
    const state = run(saved(), { type: "olderRequested" }, { type: "olderFailed" });
    expect(state.olderStatus).toBe("failed");
  });
});

/** Messages m-`from` .. m-`to` (odd ones the character's), as the server pages them. */
function numbered(from: number, to: number): Message[] {
  return Array.from({ length: to - from + 1 }, (_, i) =>
    message(`m-${from + i}`, (from + i) % 2 ? "bot" : "user", `Message ${from + i}`),
  );
}

describe("chat state: a long conversation read back and forth", () => {
  const pageSize = 50;
  const total = 5000;
  /** Opened at its newest page. */
  const opened = () =>
    chatStateFromDetail(
      detail(numbered(total - pageSize + 1, total), { has_more_before: true, message_count: total }),
    );
  /** The page before the first loaded message. */
  const olderPage = (state: ChatState) => {
    const first = Number(state.messages[0]?.id.slice(2));
    const from = Math.max(1, first - pageSize);
    return { messages: numbered(from, first - 1), has_more_before: from > 1, has_more_after: true };
  };

  it("keeps at most LOADED_MESSAGES_MAX messages: scrolling up drops the newest pages, and its position is known", () => {
    let state = opened();
    expect(state).toMatchObject({ before: total - pageSize, hasMoreAfter: false });
    for (let i = 0; i < 20; i++) state = chatReducer(state, { type: "olderLoaded", page: olderPage(state) });
    expect(state.messages).toHaveLength(LOADED_MESSAGES_MAX);
    expect(state.hasMoreAfter).toBe(true);
    expect(state.before).toBe(total - 21 * pageSize);
    expect(state.messages[0]?.id).toBe(`m-${state.before + 1}`);
    expect(state.messageCount).toBe(total);
    // All the way to the first message: position 0, nothing more before.
    while (state.hasMoreBefore) state = chatReducer(state, { type: "olderLoaded", page: olderPage(state) });
    expect(state.before).toBe(0);
    expect(state.messages[0]?.id).toBe("m-1");
    expect(state.messages).toHaveLength(LOADED_MESSAGES_MAX);
  });

  it("pages newer messages back in as the reader returns, dropping the oldest, and jumps to the newest", () => {
    let state = opened();
    for (let i = 0; i < 10; i++) state = chatReducer(state, { type: "olderLoaded", page: olderPage(state) });
    const last = Number(state.messages.at(-1)?.id.slice(2));
    state = chatReducer(state, { type: "newerRequested" });
    expect(state.newerStatus).toBe("loading");
    state = chatReducer(state, {
      type: "newerLoaded",
      page: { messages: numbered(last + 1, last + pageSize), has_more_before: true, has_more_after: true },
    });
    expect(state.messages).toHaveLength(LOADED_MESSAGES_MAX);
    expect(state.messages.at(-1)?.id).toBe(`m-${last + pageSize}`);
    expect(state.messages[0]?.id).toBe(`m-${state.before + 1}`);
    expect(state).toMatchObject({ hasMoreBefore: true, hasMoreAfter: true, newerStatus: "idle" });
    expect(chatReducer(state, { type: "newerFailed" }).newerStatus).toBe("failed");

    state = chatReducer(state, {
      type: "newestLoaded",
      page: { messages: numbered(total - pageSize + 1, total), has_more_before: true, has_more_after: false },
    });
    expect(state).toMatchObject({ before: total - pageSize, hasMoreAfter: false, hasMoreBefore: true });
    expect(state.messages.at(-1)?.id).toBe(`m-${total}`);
  });

  it("drops nothing while a reply is being written", () => {
    let state = chatReducer(opened(), {
      type: "turnStarted",
      mode: "continue",
      targetId: `m-${total - 1}`,
      localId: null,
    });
    for (let i = 0; i < 10; i++) state = chatReducer(state, { type: "olderLoaded", page: olderPage(state) });
    expect(state.messages.length).toBeGreaterThan(LOADED_MESSAGES_MAX);
    expect(state.hasMoreAfter).toBe(false);
  });
});

describe("chat state: a new message", () => {
  it("shows the member's message at once and starts the reply", () => {
    const local = localMessage("user", "How are you?", "conv-1", "Ada");
    const state = chatReducer(saved(), { type: "sent", message: local });
    expect(ids(state)).toEqual(["m-1", "m-2", "m-3", local.id]);
    expect(state.turn).toEqual({ mode: "reply", targetId: null, text: "", localId: local.id });
    expect(state.messageCount).toBe(4);
    expect(typingOf(state)).toBe("bot");
  });

  it("fills the member's name into a new chat's greeting when the first message goes", () => {
    const draft = draftChatState("Welcome, {{user}}.", "Luna");
    const state = chatReducer(draft, {
      type: "sent",
      message: localMessage("user", "Hi", null, "User"),
    });
    expect(state.messages[0]?.content).toBe("Welcome, User.");
  });

  it("replaces the local message with the saved one, streams tokens, and ends with the saved reply", () => {
    const local = localMessage("user", "How are you?", "conv-1", "Ada");
    const savedUser = message("m-4", "user", "How are you?");
    const reply = message("m-5", "bot", "Fine, thanks.");
    let state = run(
      saved(),
      { type: "sent", message: local },
      { type: "started", conversationId: "conv-1", userMessage: savedUser },
    );
    expect(ids(state)).toEqual(["m-1", "m-2", "m-3", "m-4"]);
    expect(state.turn?.localId).toBeNull();
    state = run(state, { type: "token", text: "Fine" }, { type: "token", text: ", thanks." });
    expect(state.turn?.text).toBe("Fine, thanks.");
    state = chatReducer(state, { type: "done", message: reply, oldestIncludedId: "m-2" });
    expect(ids(state)).toEqual(["m-1", "m-2", "m-3", "m-4", "m-5"]);
    expect(state).toMatchObject({ turn: null, messageCount: 5, oldestIncludedId: "m-2", retry: null });
  });

  it("gives a new chat its conversation id when the server creates it", () => {
    const draft = draftChatState("Hello", "Luna");
    const state = run(
      draft,
      { type: "sent", message: localMessage("user", "Hi", null, "User") },
      { type: "started", conversationId: "conv-9", userMessage: message("m-2", "user", "Hi") },
    );
    expect(state.conversationId).toBe("conv-9");
    expect(state.messageCount).toBe(2);
  });

  it("takes a message refused by a limit off the list, with nothing to resubmit", () => {
    const local = localMessage("user", "One too many", "conv-1", "Ada");
    const state = run(
      saved(),
      { type: "sent", message: local },
      { type: "failed", failure: { code: "message_limit", message: "limit" } },
    );
    expect(ids(state)).toEqual(["m-1", "m-2", "m-3"]);
    expect(state).toMatchObject({
      messageCount: 3,
      failure: { code: "message_limit" },
      retry: null,
      unsentId: null,
      turn: null,
    });
  });

  it("takes a message sent while another tab's reply runs off the list and reads the conversation again later", () => {
    const local = localMessage("user", "From the second tab", "conv-1", "Ada");
    const state = run(
      saved(),
      { type: "sent", message: local },
      { type: "failed", failure: { code: "generation_in_progress", message: "busy" } },
    );
    expect(ids(state)).toEqual(["m-1", "m-2", "m-3"]);
    expect(state.failure?.code).toBe("generation_in_progress");
    expect(state.behind).toBe(true);
    expect(state.retry).toBeNull();
  });

  it("marks a message not sent after a model failure, and Resubmit sends that same message", () => {
    const local = localMessage("user", "Are you there?", "conv-1", "Ada");
    let state = run(
      saved(),
      { type: "sent", message: local },
      { type: "failed", failure: { code: "generation_failed", message: "upstream" } },
    );
    expect(ids(state)).toEqual(["m-1", "m-2", "m-3", local.id]);
    expect(state.unsentId).toBe(local.id);
    expect(state.retry).toEqual({ kind: "message", text: "Are you there?", localId: local.id });

    state = run(
      state,
      { type: "turnStarted", mode: "reply", targetId: null, localId: local.id },
      { type: "started", conversationId: "conv-1", userMessage: message("m-4", "user", "Are you there?") },
    );
    expect(state.unsentId).toBeNull();
    expect(state.failure).toBeNull();
    expect(ids(state)).toEqual(["m-1", "m-2", "m-3", "m-4"]);
    expect(state.messageCount).toBe(4);
  });

  it("keeps a saved message as sent when only its reply failed; Resubmit asks for the reply again", () => {
    const state = run(
      saved(),
      { type: "sent", message: localMessage("user", "Saved first", "conv-1", "Ada") },
      { type: "started", conversationId: "conv-1", userMessage: message("m-4", "user", "Saved first") },
      { type: "token", text: "Hal" },
      { type: "failed", failure: { code: "generation_failed", message: "x" } },
    );
    expect(ids(state)).toEqual(["m-1", "m-2", "m-3", "m-4"]);
    expect(state.unsentId).toBeNull();
    expect(state.retry).toEqual({ kind: "resubmit", mode: "reply" });
  });

  it("after a reply lost midway, reads back what the server saved of it before the next generation", () => {
    const state = run(
      saved(),
      { type: "sent", message: localMessage("user", "Saved first", "conv-1", "Ada") },
      { type: "started", conversationId: "conv-1", userMessage: message("m-4", "user", "Saved first") },
      { type: "token", text: "Hal" },
      { type: "failed", failure: { code: "network_error", message: "offline" }, lost: true },
    );
    expect(state.failure?.code).toBe("network_error");
    expect(state.retry).toEqual({ kind: "resubmit", mode: "reply" });
    expect(state.behind).toBe(true);
    // A suggestion is never saved: nothing to read back.
    const suggestion = run(
      saved(),
      { type: "turnStarted", mode: "autopilot", targetId: null, localId: null },
      { type: "failed", failure: { code: "network_error", message: "offline" }, lost: true },
    );
    expect(suggestion.behind).toBe(false);
  });

  it("lets a new message replace one that was not sent", () => {
    const lost = localMessage("user", "Lost", "conv-1", "Ada");
    const instead = localMessage("user", "Instead", "conv-1", "Ada");
    const state = run(
      saved(),
      { type: "sent", message: lost },
      { type: "failed", failure: { code: "network_error", message: "offline" } },
      { type: "sent", message: instead },
    );
    expect(ids(state)).toEqual(["m-1", "m-2", "m-3", instead.id]);
    expect(state.messageCount).toBe(4);
    expect(state.unsentId).toBeNull();
  });
});

describe("chat state: regenerate, continue, suggestions", () => {
  it("streams a new version of the last reply and takes the saved message with its alternates", () => {
    const regenerated = message("m-3", "bot", "Hey again", {
      alternates: ["Hey", "Hey again"],
      alternate_index: 1,
    });
    let state = chatReducer(saved(), {
      type: "turnStarted",
      mode: "regenerate",
      targetId: "m-3",
      localId: null,
    });
    expect(state.turn).toMatchObject({ mode: "regenerate", targetId: "m-3" });
    state = run(
      state,
      { type: "started", conversationId: "conv-1", userMessage: null },
      { type: "token", text: "Hey again" },
      { type: "done", message: regenerated, oldestIncludedId: null },
    );
    expect(ids(state)).toEqual(["m-1", "m-2", "m-3"]);
    expect(state.messages[2]).toEqual(regenerated);
    expect(state.messageCount).toBe(3);
  });

  it("gives an older reply its new version in place, keeping every later message and the memory cut-off", () => {
    const start = chatStateFromDetail(
      detail(
        [
          message("m-1", "bot", "Hello"),
          message("m-2", "user", "Hi"),
          message("m-3", "bot", "Hey"),
          message("m-4", "user", "More"),
          message("m-5", "bot", "Sure"),
        ],
        { oldest_included_message_id: "m-2" },
      ),
    );
    const regenerated = message("m-3", "bot", "Hey there", {
      alternates: ["Hey", "Hey there"],
      alternate_index: 1,
    });
    const state = run(
      start,
      { type: "turnStarted", mode: "regenerate", targetId: "m-3", localId: null },
      { type: "started", conversationId: "conv-1", userMessage: null },
      { type: "token", text: "Hey there" },
      { type: "done", message: regenerated, oldestIncludedId: null },
    );
    expect(ids(state)).toEqual(["m-1", "m-2", "m-3", "m-4", "m-5"]);
    expect(state.messages[2]).toEqual(regenerated);
    expect(state.messages.slice(3)).toEqual(start.messages.slice(3));
    expect(state.oldestIncludedId).toBe("m-2");
    expect(state.messageCount).toBe(5);

    // A failed one is resubmitted for that same reply.
    const failed = run(
      start,
      { type: "turnStarted", mode: "regenerate", targetId: "m-3", localId: null },
      { type: "failed", failure: { code: "generation_failed", message: "The model failed" } },
    );
    expect(failed.retry).toEqual({ kind: "resubmit", mode: "regenerate", targetId: "m-3" });
    expect(ids(failed)).toEqual(ids(start));
  });

  it("offers Resubmit after a failed continue, as a continue", () => {
    const state = run(
      saved(),
      { type: "turnStarted", mode: "continue", targetId: "m-3", localId: null },
      { type: "failed", failure: { code: "llm_unavailable", message: "down" } },
    );
    expect(state.retry).toEqual({ kind: "resubmit", mode: "continue" });
    expect(state.messages[2]?.content).toBe("Hey");
  });

  it("streams a suggestion without touching the messages", () => {
    let state = chatReducer(saved(), {
      type: "turnStarted",
      mode: "autopilot",
      targetId: null,
      localId: null,
    });
    expect(typingOf(state)).toBe("autopilot");
    state = run(state, { type: "token", text: "Tell me more" });
    expect(state.turn?.text).toBe("Tell me more");
    state = chatReducer(state, { type: "done", message: null, oldestIncludedId: null });
    expect(state.messages).toEqual(saved().messages);
    expect(state.turn).toBeNull();
  });

  it("has nothing to resubmit after a failed suggestion", () => {
    const state = run(
      saved(),
      { type: "turnStarted", mode: "autopilot", targetId: null, localId: null },
      { type: "failed", failure: { code: "generation_failed", message: "x" } },
    );
    expect(state.retry).toBeNull();
    expect(state.failure?.code).toBe("generation_failed");
  });
});

describe("chat state: Stop", () => {
  it("keeps a stopped reply on screen, marked cut, and reads the conversation back before the next reply", () => {
    const state = run(
      saved(),
      { type: "sent", message: localMessage("user", "Long story", "conv-1", "Ada") },
      { type: "started", conversationId: "conv-1", userMessage: message("m-4", "user", "Long story") },
      { type: "token", text: "Once upon" },
      { type: "stopped" },
    );
    const cut = state.messages.at(-1);
    expect(cut).toMatchObject({ role: "bot", content: "Once upon", status: "cut" });
    expect(isLocalId(cut?.id ?? "")).toBe(true);
    expect(state).toMatchObject({ turn: null, behind: true, messageCount: 5, failure: null });
  });

  it("cuts a continued reply where it stopped", () => {
    const state = run(
      saved(),
      { type: "turnStarted", mode: "continue", targetId: "m-3", localId: null },
      { type: "token", text: " there" },
      { type: "stopped" },
    );
    expect(state.messages[2]).toMatchObject({ content: "Hey there", status: "cut" });
  });

  it("adds nothing when stopped before any text came", () => {
    const state = run(
      saved(),
      { type: "turnStarted", mode: "regenerate", targetId: "m-3", localId: null },
      { type: "stopped" },
    );
    expect(state.messages).toEqual(saved().messages);
  });

  it("replaces what follows the last saved message with what the server holds", () => {
    const stopped = run(
      saved(),
      { type: "sent", message: localMessage("user", "Long story", "conv-1", "Ada") },
      { type: "started", conversationId: "conv-1", userMessage: message("m-4", "user", "Long story") },
      { type: "token", text: "Once upon" },
      { type: "stopped" },
    );
    const state = chatReducer(stopped, {
      type: "caughtUp",
      afterId: "m-4",
      page: {
        messages: [message("m-5", "bot", "Once upon a time", { status: "cut" })],
        has_more_before: true,
        has_more_after: false,
      },
    });
    expect(ids(state)).toEqual(["m-1", "m-2", "m-3", "m-4", "m-5"]);
    expect(state.messages.at(-1)?.content).toBe("Once upon a time");
    expect(state).toMatchObject({ behind: false, messageCount: 5 });
  });

  it("adds another tab's messages when it catches up", () => {
    const state = chatReducer(
      { ...saved(), behind: true },
      {
        type: "caughtUp",
        afterId: "m-3",
        page: {
          messages: [message("m-4", "user", "From tab one"), message("m-5", "bot", "Reply")],
          has_more_before: true,
          has_more_after: false,
        },
      },
    );
    expect(ids(state)).toEqual(["m-1", "m-2", "m-3", "m-4", "m-5"]);
    expect(state.messageCount).toBe(5);
    expect(state.behind).toBe(false);
  });
});

describe("chat state: message actions and the conversation", () => {
  it("patches one message (an edit, a rating, another version shown)", () => {
    const start = saved();
    const state = chatReducer(start, { type: "messagePatched", id: "m-3", patch: { rating: 3 } });
    expect(state.messages[2]?.rating).toBe(3);
    expect(state.messages[1]).toBe(start.messages[1]);
  });

  it("removes a message and every later one", () => {
    const state = chatReducer(
      { ...saved(), messageCount: 103, before: 100 },
      { type: "removedFrom", id: "m-2" },
    );
    expect(ids(state)).toEqual(["m-1"]);
    expect(state.messageCount).toBe(101);
  });

  it("shows and dismisses failures outside a reply, and keeps the title and persona", () => {
    const persona = { id: "p-1", name: "Captain Vega" } as Persona;
    let state = chatReducer(saved(), {
      type: "failureShown",
      failure: { code: "blockedBotCreator", message: "blocked" },
    });
    expect(state.failure?.code).toBe("blockedBotCreator");
    state = run(
      state,
      { type: "failureDismissed" },
      { type: "renamed", label: "New title" },
      { type: "personaChanged", persona },
    );
    expect(state).toMatchObject({ failure: null, label: "New title", persona });
  });

  it("finds the last reply and the last saved message", () => {
    const state = chatReducer(saved(), {
      type: "sent",
      message: localMessage("user", "x", "conv-1", "Ada"),
    });
    expect(lastBot(state.messages)).toBeUndefined();
    expect(lastBot(saved().messages)?.id).toBe("m-3");
    expect(lastSaved(state.messages)?.id).toBe("m-3");
  });
});
