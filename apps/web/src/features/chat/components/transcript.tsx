import type { Message } from "@hearth/contracts";
import { defaultRangeExtractor, type Range, useWindowVirtualizer } from "@tanstack/react-virtual";
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
import { type MessageActions, MessageItem, PendingReply } from "./message-item";

/** A message's height before it is measured (a short exchange is about this tall). */
const ESTIMATED_MESSAGE_PX = 140;
/** Messages rendered beyond each edge of the screen. */
const OVERSCAN = 8;
/** Older messages are asked for when the reader is within this many messages of the oldest loaded. */
const LOAD_OLDER_WITHIN = 4;

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
  /** A message that stays rendered while scrolled away (the one a report dialog is about). */
  keepMountedId?: string | null;
  /** A later feature's content under a message (images, voice, ads); none yet. */
  renderExtra?: (message: Message, index: number) => ReactNode;
  /** Regenerate and continue are off for now (the waiting room). */
  generateLocked?: boolean;
};

function selectTranscript(state: ChatState) {
  return {
    messages: state.messages,
    turn: state.turn,
    unsentId: state.unsentId,
    oldestIncludedId: state.oldestIncludedId,
    hasMoreBefore: state.hasMoreBefore,
    olderStatus: state.olderStatus,
    /** How many older messages are not loaded: the first loaded one's position in the conversation. */
    offset: Math.max(0, state.messageCount - state.messages.length),
  };
}

/**
 * The conversation, newest at the bottom, virtualized over the page's own scrolling: only the messages
 * near the screen are in the page, however long the chat. It opens at the end, follows a reply as it
 * streams while the reader is at the end, and asks for older pages as the reader scrolls up, keeping
 * what they read in place when those arrive above it.
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
  keepMountedId = null,
  renderExtra,
  generateLocked = false,
}: TranscriptProps) {
  const { messages, turn, unsentId, oldestIncludedId, hasMoreBefore, olderStatus, offset } = useChatSelector(
    store,
    selectTranscript,
  );
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
    followOnAppend: true,
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
                  characterName={characterName}
                  characterAvatar={characterAvatar}
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
                  characterName={characterName}
                  characterAvatar={characterAvatar}
                />
              )}
            </div>
          );
        })}
      </div>
    </>
  );
}
