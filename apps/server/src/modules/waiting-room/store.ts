/**
 * The waiting room's shared state: the line, the access grants, the generations running now (the slots
 * in use) and the line's recent admissions (its pace). One `visit` is atomic, so instances sharing a
 * store agree on every position. In-process by default (memory-store.ts); over Redis for several
 * instances (redis-store.ts). Both pass the same tests (test/waiting-room-store.int.test.ts).
 */
export interface WaitingRoomStore {
  /**
   * One look at the waiting room by `key` (a member or a guest) at `now`: frees lapsed slots, drops
   * places not asked about for `staleAfterMs`, admits the head of the line while slots are open, then
   * answers the caller's access, or their place (joining the line at its end when not in it).
   */
  visit(key: string, now: number, limits: VisitLimits): Promise<Visit>;
  /** A generation on the platform's engine took a slot until it ends, or until `leaseUntil` at the latest. */
  generationStarted(id: string, leaseUntil: number): Promise<void>;
  generationEnded(id: string): Promise<void>;
}

export type VisitLimits = {
  /** The slots open to callers who do not skip the line: the engines' slots less the reserved ones. */
  openSlots: number;
  accessMs: number;
  staleAfterMs: number;
  paceWindowMs: number;
};

export type Visit = {
  /** `expired`: the caller's access ran out and they joined the end of the line (a new turn). */
  status: "access" | "waiting" | "expired";
  /** 1 first; 0 with access. */
  position: number;
  /** With access: how long it lasts. */
  accessLeftMs: number;
  /** Callers admitted from the line within the pace window, and when the first of them was (null: none). */
  pace: { admitted: number; since: number | null };
};
