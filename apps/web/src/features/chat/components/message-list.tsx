import type { Message } from "@hearth/contracts";
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import type { Streaming } from "../hooks/use-chat";
import { type MessageActions, MessageItem, PendingReply } from "./message-item";

/** Messages rendered at first and added per step when scrolling up: a 5,000-message chat opens at once. */
export const MESSAGE_WINDOW_STEP = 60;

/** Distance from the bottom (px) within which new text keeps the view pinned to the end. */
const STICK_TO_BOTTOM_PX = 160;

function scroller(): HTMLElement {
  return document.scrollingElement instanceof HTMLElement
    ? document.scrollingElement
    : document.documentElement;
}

export type MessageListProps = {
  messages: Message[];
  /** The member's message that failed before it was saved: shown as not sent. */
  unsentId?: string | null;
  oldestIncludedId: string | null;
  streaming: Streaming | null;
  characterName: string;
  characterAvatar: string | null;
  userName: string;
  busy: boolean;
  canRate: boolean;
  canEdit: boolean;
  removal: { active: boolean; fromId: string | null };
  actions: MessageActions;
  /** A later feature's content under a message (images, voice, ads); none yet. */
  renderExtra?: (message: Message, index: number) => ReactNode;
};

/**
 * The conversation, newest at the bottom. Only the last messages are rendered; scrolling to the top
 * (or the 'Show earlier messages' button) renders more while keeping the view where it was.
 */
export function MessageList({
  messages,
  unsentId = null,
  oldestIncludedId,
  streaming,
  characterName,
  characterAvatar,
  userName,
  busy,
  canRate,
  canEdit,
  removal,
  actions,
  renderExtra,
}: MessageListProps) {
  const [windowSize, setWindowSize] = useState(MESSAGE_WINDOW_STEP);
  const start = Math.max(0, messages.length - windowSize);
  const visible = messages.slice(start);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const heightBeforeGrow = useRef<number | null>(null);
  const nearBottom = useRef(true);

  const showEarlier = useCallback(() => {
    heightBeforeGrow.current = scroller().scrollHeight;
    setWindowSize((size) => size + MESSAGE_WINDOW_STEP);
  }, []);

  // Keep what the reader was looking at in place when earlier messages are added above it.
  useLayoutEffect(() => {
    if (heightBeforeGrow.current === null || windowSize === MESSAGE_WINDOW_STEP) return;
    const grown = scroller().scrollHeight - heightBeforeGrow.current;
    heightBeforeGrow.current = null;
    if (grown > 0) window.scrollBy(0, grown);
  }, [windowSize]);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) showEarlier();
      },
      { rootMargin: "400px 0px 0px 0px" },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [showEarlier]);

  useEffect(() => {
    const onScroll = () => {
      const el = scroller();
      nearBottom.current = el.scrollHeight - el.scrollTop - window.innerHeight < STICK_TO_BOTTOM_PX;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // Start at the end, and follow new messages and streamed text while the reader is at the end.
  const lastId = messages.at(-1)?.id;
  const streamedLength = streaming?.text.length ?? -1;
  const firstScroll = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the end of the conversation changes
  useLayoutEffect(() => {
    if (firstScroll.current || nearBottom.current) {
      firstScroll.current = false;
      const el = scroller();
      el.scrollTop = el.scrollHeight;
    }
  }, [lastId, streamedLength, messages.length]);

  const lastBotIndex = messages.at(-1)?.role === "bot" ? messages.length - 1 : -1;
  const fromIndex = removal.fromId ? messages.findIndex((m) => m.id === removal.fromId) : -1;

  return (
    <div className="flex flex-col" role="log" aria-label="Conversation" aria-live="off">
      {start > 0 ? (
        <div ref={sentinelRef} className="flex justify-center py-3">
          <Button variant="ghost" size="sm" onClick={showEarlier}>
            Show earlier messages ({start})
          </Button>
        </div>
      ) : null}
      {visible.map((message, offset) => {
        const index = start + offset;
        const targeted = streaming && streaming.mode !== "reply" && streaming.messageId === message.id;
        return (
          <MessageItem
            key={message.id}
            message={message}
            index={index}
            characterName={characterName}
            characterAvatar={characterAvatar}
            userName={userName}
            isLastBot={index === lastBotIndex}
            showCutoff={oldestIncludedId === message.id && index > 0}
            unsent={message.id === unsentId}
            streaming={targeted ? streaming : null}
            busy={busy}
            canRate={canRate}
            canEdit={canEdit}
            removal={
              !removal.active || index === 0
                ? "off"
                : index === fromIndex
                  ? "start"
                  : fromIndex !== -1 && index > fromIndex
                    ? "included"
                    : "selectable"
            }
            actions={actions}
            extra={renderExtra?.(message, index)}
          />
        );
      })}
      {streaming?.mode === "reply" ? (
        <PendingReply text={streaming.text} characterName={characterName} characterAvatar={characterAvatar} />
      ) : null}
    </div>
  );
}
