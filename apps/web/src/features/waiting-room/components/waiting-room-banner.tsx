import { WAITING_ROOM } from "@hearth/contracts";
import { Hourglass, Zap } from "lucide-react";
import { useId } from "react";
import { ButtonLink } from "../../../components/ui/button";
import type { WaitingRoomView } from "../lib/waiting-room";

const ACCESS_MINUTES = Math.round(WAITING_ROOM.accessMs / 60_000);

export const WAITING_ROOM_TEXT = {
  heading: "You're in the waiting room",
  expired: `Your ${ACCESS_MINUTES} minutes of chat access ended, so you're back in line.`,
  unknownPosition: "Checking your place in line…",
  unlocks: "Chat unlocks by itself when it's your turn. You can keep writing your message meanwhile.",
  /** Why Send is off while waiting (shown by the composer). */
  lockReason: "You're in the waiting room: you can send your message when it's your turn.",
} as const;

/** "You are number 3 in line, about 5 minutes left." (minutes only when known and at least one). */
export function positionText(position: number, minutesLeft: number | null): string {
  if (position <= 0) return WAITING_ROOM_TEXT.unknownPosition;
  const minutes =
    minutesLeft === null ? "" : `, about ${minutesLeft} ${minutesLeft === 1 ? "minute" : "minutes"} left`;
  return `You are number ${position} in line${minutes}.`;
}

/**
 * The waiting room's banner above the conversation, while sending is locked: the place in line, the
 * minutes left when known, and a way to skip the line (subscribing; guests sign up first). It stays in
 * view below the chat's header while the conversation scrolls (the chat opens scrolled to its newest
 * message, which would otherwise take it off screen). The live region stays in the page, empty once
 * access comes, so screen readers hear it appear and change.
 */
export function WaitingRoomBanner({ room, member }: { room: WaitingRoomView; member: boolean }) {
  const headingId = useId();
  return (
    // Below the navbar (h-16) and the chat header (h-14 and its border), with a small gap.
    <div role="status" aria-live="polite" className="sticky top-[calc(7.5rem+1px+0.5rem)] z-20">
      {room.locked ? (
        <section
          aria-labelledby={headingId}
          className="mb-3 overflow-hidden rounded-2xl bg-surface-1 text-sm text-text-1 shadow-xl shadow-black/30 ring-1 ring-surface-3"
        >
          <div className="flex flex-col gap-2.5 border-l-4 border-brand-500 bg-brand-500/10 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-4">
            <div className="flex min-w-0 flex-1 items-center gap-3 sm:items-start">
              <span className="relative flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-500/15 text-link">
                <Hourglass aria-hidden="true" className="h-5 w-5 motion-safe:animate-pulse" />
                {room.position > 0 ? (
                  <span
                    aria-hidden="true"
                    className="absolute -right-1 -bottom-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-[11px] font-bold text-white tabular-nums ring-2 ring-surface-1"
                  >
                    {room.position}
                  </span>
                ) : null}
              </span>
              <div className="min-w-0 flex-1">
                <h2 id={headingId} className="text-[15px] leading-snug font-semibold sm:text-base">
                  {WAITING_ROOM_TEXT.heading}
                </h2>
                {room.status === "expired" ? (
                  <p className="mt-0.5 text-text-2">{WAITING_ROOM_TEXT.expired}</p>
                ) : null}
                <p className="mt-0.5 leading-snug font-medium text-balance">
                  {positionText(room.position, room.minutesLeft)}
                </p>
                {/* On phones the composer's note above the input says as much: read here, not shown. */}
                <p className="sr-only text-xs text-pretty text-text-2 sm:not-sr-only sm:mt-1 sm:block">
                  {WAITING_ROOM_TEXT.unlocks}
                </p>
              </div>
            </div>
            <ButtonLink
              to={member ? "/subscribe" : "/register"}
              size="sm"
              className="h-9 shrink-0 self-stretch sm:h-8 sm:self-center"
            >
              <Zap aria-hidden="true" className="h-4 w-4" />
              {member ? "Skip the line" : "Sign up to skip the line"}
            </ButtonLink>
          </div>
        </section>
      ) : null}
    </div>
  );
}
