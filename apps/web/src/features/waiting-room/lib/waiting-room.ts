import { type QueueAnswer, type QueueStatus, WAITING_ROOM } from "@hearth/contracts";

/** What the chat page needs from the waiting room's answer. */
export type WaitingRoomView = {
  /** Sending (and any other generation) waits: in line, or back in line, for another character than a bypass. */
  locked: boolean;
  /** The last answer's status; null before the first answer (or when the waiting room is off). */
  status: QueueStatus | null;
  /** Place in line, 1 first; 0 when unknown or not waiting. */
  position: number;
  /** Whole minutes left until access, shown only from `WAITING_ROOM.minutesShownFromSeconds` on. */
  minutesLeft: number | null;
};

export const OPEN_ROOM: WaitingRoomView = { locked: false, status: null, position: 0, minutesLeft: null };

/** Minutes to show for `time_left` seconds: rounded up, and none under a minute or when unknown (chat spec 4). */
export function minutesLeftOf(timeLeft: number | null): number | null {
  if (timeLeft === null || timeLeft < WAITING_ROOM.minutesShownFromSeconds) return null;
  return Math.ceil(timeLeft / 60);
}

/** Whether an answer keeps the caller from chatting with `characterId`. */
export function isLocked(answer: QueueAnswer, characterId: string): boolean {
  return (answer.status === "waiting" || answer.status === "expired") && answer.bypass !== characterId;
}

export function viewOf(answer: QueueAnswer | undefined, characterId: string): WaitingRoomView {
  if (!answer) return OPEN_ROOM;
  const waiting = answer.status === "waiting" || answer.status === "expired";
  return {
    locked: isLocked(answer, characterId),
    status: answer.status,
    position: waiting ? answer.position : 0,
    minutesLeft: waiting ? minutesLeftOf(answer.time_left) : null,
  };
}

/**
 * The answer assumed when the queue could not be asked (account spec): an active subscriber gets access;
 * anyone else waits, keeping the place last known (if any), and asks again after the usual delay.
 */
export function fallbackAnswer(skipsLine: boolean, last: QueueAnswer | undefined): QueueAnswer {
  if (skipsLine) {
    return {
      status: "access",
      position: 0,
      time_left: null,
      bypass: null,
      retry_after: WAITING_ROOM.retryAfterMs,
    };
  }
  const inLine = last && (last.status === "waiting" || last.status === "expired");
  return {
    status: inLine ? last.status : "waiting",
    position: inLine ? last.position : 0,
    time_left: inLine ? last.time_left : null,
    bypass: last?.bypass ?? null,
    retry_after: WAITING_ROOM.retryAfterMs,
  };
}

/** Never ask more often than this, whatever `retry_after` says. */
export const MIN_POLL_MS = 1000;

/** When to ask again: the answer's `retry_after`, or the usual delay after a failure. */
export function pollIntervalOf(answer: QueueAnswer | undefined, failed: boolean): number {
  if (failed || !answer) return WAITING_ROOM.retryAfterMs;
  return Math.max(answer.retry_after, MIN_POLL_MS);
}
