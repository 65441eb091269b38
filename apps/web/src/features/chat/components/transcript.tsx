import type { Message } from "@hearth/contracts";
import { defaultRangeExtractor, type Range, useWindowVirtualizer } from "@tanstack/react-virtual";
import { ArrowDown } from "lucide-react";
import {
  type FocusEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { type ChatStore, useChatSelector } from "../hooks/use-chat-store";
import type { ChatState } from "../lib/chat-state";
import { authorName } from "../lib/user-name";
import { ChatAd } from "./chat-ad";
import { type MessageActions, MessageItem, PendingReply } from "./message-item";

/** A message's height before it is measured (a short exchange is about this tall). */
const ESTIMATED_MESSAGE_PX = 140;
/** Messages rendered beyond each edge of the screen. */
const OVERSCAN = 8;
/** Older (newer) messages are asked for when the reader is within this many messages of the loaded edge. */
const LOAD_OLDER_WITHIN = 4;
/** Jump to the newest shows once the reader is this many screens above the end. */
const JUMP_AFTER_SCREENS = 2;

export type Removal = { active: boolean; fromId: string | null };

export type TranscriptProps = {
  store: ChatStore;
  characterName: string;
  characterAvatar: string | null;
  /** The name the member writes as now: for messages saved without one, and `{{user}}` in replies. */
  userName: string;
  canRate: boolean;
  canEdit: boolean;
  removal: Removal;
  actions: MessageActions;
  onLoadOlder: () => void;
  /** Loads the page after the newest loaded message (pages dropped while reading back come again). */
  onLoadNewer?: () => void;
  /** Loads the conversation's newest page when it is not loaded; the transcript then scrolls to it. */
  onJumpToNewest?: () => Promise<void>;
  /** A message that stays rendered while scrolled away (the one a report dialog is about). */
  keepMountedId?: string | null;
  /** A later feature's content under a message (images, voice, ads); none yet. */
  renderExtra?: (message: Message, index: number) => ReactNode;
  /** Regenerate and continue are off for now (the waiting room). */
  generateLocked?: boolean;
  /** A bot message's own speaker (a group chat's character), shown instead of the chat's character. */
  speakerOf?: (message: Message) => { name: string; avatarUrl: string | null } | null;
  /** Who writes the reply being streamed, when it is not the chat's character (a group's speaker). */
  pendingSpeaker?: { name: string; avatarUrl: string | null } | null;
};

function selectTranscript(state: ChatState) {
  return {
    messages: state.messages,
    turn: state.turn,
    unsentId: state.unsentId,
    oldestIncludedId: state.oldestIncludedId,
    hasMoreBefore: state.hasMoreBefore,
    olderStatus: state.olderStatus,
    hasMoreAfter: state.hasMoreAfter,
    newerStatus: state.newerStatus,
    /** How many older messages are not loaded: the first loaded one's position in the conversation. */
    offset: state.before,
  };
}

/**
 * The conversation, newest at the bottom, virtualized over the page's own scrolling: only the messages
 * near the screen are in the page, however long the chat. It opens at the end, follows a reply as it
 * streams while the reader is at the end, and asks for older pages as the reader scrolls up, keeping
 * what they read in place when those arrive above it. At most LOADED_MESSAGES_MAX messages stay loaded:
 * the pages dropped at the far end come again as the reader scrolls back, and Jump to newest goes
 * straight back to the end.
 */
export function Transcript({
  store,
  characterName,
  characterAvatar,
  userName,
  canRate,
  canEdit,
  removal,
  actions,
  onLoadOlder,
  onLoadNewer,
  onJumpToNewest,
  keepMountedId = null,
  renderExtra,
  generateLocked = false,
  speakerOf,
  pendingSpeaker = null,
}: TranscriptProps) {
  const {
    messages,
    turn,
    unsentId,
    oldestIncludedId,
    hasMoreBefore,
    olderStatus,
    hasMoreAfter,
    newerStatus,
    offset,
  } = useChatSelector(store, selectTranscript);
  // A page of newer messages is not followed to its end: the reader goes on reading where they are.
  const wasBehind = useRef(hasMoreAfter);
  useEffect(() => {
    wasBehind.current = hasMoreAfter;
  });
  const pending = turn?.mode === "reply";
  const count = messages.length + (pending ? 1 : 0);
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // Where the list starts in the page (the header, a banner or the guest notice are above it).
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const top = Math.round(el.getBoundingClientRect().top + window.scrollY);
    if (top !== scrollMargin) setScrollMargin(top);
  });

  // Messages that stay rendered out of view: the one holding the focus, and `keepMountedId`.
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const focusedId = useRef<string | null>(null);
  const keepMountedRef = useRef(keepMountedId);
  keepMountedRef.current = keepMountedId;
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const extra = [focusedId.current, keepMountedRef.current]
      .map((id) => (id ? messagesRef.current.findIndex((m) => m.id === id) : -1))
      .filter((index) => index >= 0 && !indexes.includes(index));
    return extra.length ? [...indexes, ...extra].sort((a, b) => a - b) : indexes;
  }, []);

  const getItemKey = useCallback((index: number) => messages[index]?.id ?? "pending-reply", [messages]);

  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => ESTIMATED_MESSAGE_PX,
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey,
    rangeExtractor,
    // Older pages arrive above what is read: keep it in place. New messages below follow at the end.
    anchorTo: "end",
    followOnAppend: !hasMoreAfter && !wasBehind.current,
  });

  // Open at the end of the conversation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the chat opens
  useLayoutEffect(() => {
    virtualizer.scrollToEnd();
  }, []);

  // A message the member sends goes to the end of the conversation, and the view with it.
  const replying = turn?.mode === "reply";
  useEffect(() => {
    if (replying) virtualizer.scrollToEnd();
  }, [replying, virtualizer]);

  // Older pages load once the reader has scrolled up (not while the chat opens at its end) near the top.
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (armed) return;
    let last = window.scrollY;
    const onScroll = () => {
      if (window.scrollY < last - 1) setArmed(true);
      last = window.scrollY;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [armed]);
  const items = virtualizer.getVirtualItems();
  const firstShown = items[0]?.index ?? 0;
  useEffect(() => {
    if (armed && hasMoreBefore && olderStatus === "idle" && firstShown < LOAD_OLDER_WITHIN) onLoadOlder();
  }, [armed, hasMoreBefore, olderStatus, firstShown, onLoadOlder]);
  const lastShown = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMoreAfter && newerStatus === "idle" && lastShown >= messages.length - LOAD_OLDER_WITHIN) {
      onLoadNewer?.();
    }
  }, [hasMoreAfter, newerStatus, lastShown, messages.length, onLoadNewer]);

  // Jump to newest: offered once the reader is a few screens above the end (or the end is not loaded).
  const [farFromEnd, setFarFromEnd] = useState(false);
  useEffect(() => {
    const onScroll = () => {
      const below = document.documentElement.scrollHeight - window.scrollY - window.innerHeight;
      setFarFromEnd(below > window.innerHeight * JUMP_AFTER_SCREENS);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  const [jumping, setJumping] = useState(false);
  const [endRequested, setEndRequested] = useState(0);
  const jumpToNewest = async () => {
    setJumping(true);
    try {
      if (hasMoreAfter) await onJumpToNewest?.();
    } finally {
      setJumping(false);
      setEndRequested((n) => n + 1);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the newest page is rendered
  useLayoutEffect(() => {
    if (endRequested > 0) virtualizer.scrollToEnd();
  }, [endRequested]);

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const row = event.target.closest<HTMLElement>("[data-message-id]");
    focusedId.current = row?.dataset.messageId ?? null;
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) focusedId.current = null;
  };

  const lastBotIndex = messages.at(-1)?.role === "bot" ? messages.length - 1 : -1;
  const fromIndex = removal.fromId ? messages.findIndex((m) => m.id === removal.fromId) : -1;
  const names = { character: characterName, user: userName };

  return (
    <>
      {hasMoreBefore ? (
        <div className="flex h-12 items-center justify-center">
          {olderStatus === "loading" ? (
            <Spinner label="Loading earlier messages" />
          ) : (
            <Button variant="ghost" size="sm" onClick={onLoadOlder}>
              {olderStatus === "failed"
                ? "Earlier messages could not be loaded. Try again"
                : "Show earlier messages"}
            </Button>
          )}
        </div>
      ) : null}
      <div
        ref={listRef}
        role="log"
        aria-label="Conversation"
        aria-live="off"
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        {items.map((item) => {
          const message = messages[item.index];
          const position = offset + item.index;
          const speaker = message ? speakerOf?.(message) : null;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="absolute top-0 left-0 w-full"
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              {message ? (
                <MessageItem
                  message={message}
                  index={position}
                  characterName={speaker ? speaker.name : characterName}
                  characterAvatar={speaker ? speaker.avatarUrl : characterAvatar}
                  userName={message.role === "user" ? authorName(message, names) : userName}
                  isLastBot={item.index === lastBotIndex}
                  showCutoff={oldestIncludedId === message.id && position > 0}
                  unsent={message.id === unsentId}
                  streaming={turn && turn.mode !== "reply" && turn.targetId === message.id ? turn : null}
                  busy={turn !== null}
                  generateLocked={generateLocked}
                  canRate={canRate}
                  canEdit={canEdit}
                  removal={
                    !removal.active || position === 0
                      ? "off"
                      : item.index === fromIndex
                        ? "start"
                        : fromIndex !== -1 && item.index > fromIndex
                          ? "included"
                          : "selectable"
                  }
                  actions={actions}
                  extra={renderExtra?.(message, position)}
                />
              ) : (
                <PendingReply
                  text={turn?.text ?? ""}
                  characterName={pendingSpeaker ? pendingSpeaker.name : characterName}
                  characterAvatar={pendingSpeaker ? pendingSpeaker.avatarUrl : characterAvatar}
                />
              )}
              {message && item.index === lastBotIndex && !hasMoreAfter ? (
                <ChatAd store={store} afterId={message.id} />
              ) : null}
            </div>
          );
        })}
      </div>
      {hasMoreAfter ? (
        <div className="flex h-12 items-center justify-center">
          {newerStatus === "loading" ? (
            <Spinner label="Loading later messages" />
          ) : (
            <Button variant="ghost" size="sm" onClick={() => onLoadNewer?.()}>
              {newerStatus === "failed"
                ? "Later messages could not be loaded. Try again"
                : "Show later messages"}
            </Button>
          )}
        </div>
      ) : null}
      {hasMoreAfter || farFromEnd ? (
        // Stays just above the composer while the reader is far from the end.
        <div className="sticky bottom-36 z-20 h-0">
          <Button
            variant="secondary"
            size="sm"
            className="absolute right-0 bottom-0 shadow-lg"
            loading={jumping}
            onClick={() => void jumpToNewest()}
          >
            <ArrowDown aria-hidden="true" className="h-4 w-4" />
            Jump to newest
          </Button>
        </div>
      ) : null}
    </>
  );
}
