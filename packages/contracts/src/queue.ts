import { z } from "zod";
import { TIMINGS } from "./constants";

/**
 * The waiting room (chat spec 3 and 4, account spec 3, 4 and 9). `access`: the caller may chat;
 * `waiting`: in line at `position`; `expired`: the 20 minutes of access ran out and the caller is back in
 * line (a new turn); `refresh`: the caller has no session yet (no place in line to keep): start one and
 * ask again.
 */
export const QUEUE_STATUSES = ["access", "waiting", "refresh", "expired"] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

export const queueQuerySchema = z.object({
  /** The character on screen: the answer's `bypass` names it when it may be chatted with anyway. */
  character_id: z.uuid("Character id must be a UUID").optional(),
  /** The visitor arrived through a share link of this character (README, Waiting room). */
  shared_link: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
});
export type QueueQuery = z.input<typeof queueQuerySchema>;

export const queueAnswerSchema = z.object({
  status: z.enum(QUEUE_STATUSES),
  /** Place in line, 1 first; 0 when not waiting. */
  position: z.number().int().min(0),
  /**
   * Waiting: the estimated seconds until access, from the line's measured pace (null until it has been
   * measured). Access: the seconds of access left (null when it never runs out, as for subscribers).
   */
  time_left: z.number().int().min(0).nullable(),
  /** A character the caller may chat with even while waiting (the site's special bot, a share link's). */
  bypass: z.string().nullable(),
  /** When to ask again, in ms. */
  retry_after: z.number().int().min(0),
});
export type QueueAnswer = z.infer<typeof queueAnswerSchema>;

export const WAITING_ROOM = {
  retryAfterMs: TIMINGS.queueRetryMs,
  accessMs: TIMINGS.queueAccessExpiryMs,
  /** A place in line not asked about for this long is given up (3 missed polls; hidden tabs poll slower). */
  staleAfterMs: 3 * TIMINGS.queueRetryMs,
  /** The line's pace (admissions per second) is measured over this window. */
  paceWindowMs: 10 * 60 * 1000,
  /** A generation's slot is freed after this long even if its instance died without saying so. */
  generationLeaseMs: 15 * 60 * 1000,
  /** The banner shows minutes when at least this many seconds are left (chat spec 4). */
  minutesShownFromSeconds: 60,
} as const;

/** `GET /api/queue` per session (guest or member; anyone else by address): a tab polls every 30 s. */
export const QUEUE_RATE_LIMIT = { max: 60, timeWindowMs: 60_000 } as const;
