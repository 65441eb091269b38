import { randomUUID } from "node:crypto";
import { WAITING_ROOM } from "@hearth/contracts";
import { AppError } from "../../http/errors";
import { sessionKeyOf } from "../../kernel/auth-context";
import type { Clock } from "../../kernel/clock";
import { can, type WaitingRoomActor } from "./policy";
import type { Visit, WaitingRoomStore } from "./store";

export type WaitingRoomOptions = {
  store: WaitingRoomStore;
  /** How many generations the platform's engines run at once (LLM_PARALLEL or LLM_MAX_CONCURRENCY). */
  slots: number;
  /** Of those, kept for callers who skip the line (RESERVED_SLOTS). */
  reservedSlots: number;
  specialCharacterId: string | null;
  clock: Clock;
};

/** The character a request is about, and whether the caller came through its share link. */
export type ChatTarget = { characterId: string | null; sharedLink: boolean };

/** The caller's state in the waiting room (presenter.ts answers it as the queue's JSON). */
export type QueueState = {
  status: "access" | "waiting" | "refresh" | "expired";
  position: number;
  /** Waiting: estimated seconds to the caller's turn; with access: seconds of it left; null: unknown or unlimited. */
  secondsLeft: number | null;
  bypass: string | null;
};

export type WaitingRoom = {
  /** `GET /api/queue`: the caller's state, joining the line when there is no slot for them. */
  state(actor: WaitingRoomActor, target: ChatTarget): Promise<QueueState>;
  /** Before a generation: passes with access (or a bypass), else refuses with 403 `waiting_room`. */
  admit(actor: WaitingRoomActor, target: ChatTarget & { characterId: string }): Promise<void>;
  /** A generation on the platform's engine takes a slot; the function frees it. */
  occupySlot(): Promise<() => Promise<void>>;
};

/**
 * Seconds until the caller's turn, from the line's measured pace: callers admitted in the pace window,
 * over the time since the first of them (at least one poll interval, since admissions happen at polls).
 */
export function estimateSeconds(position: number, pace: Visit["pace"], now: number): number | null {
  if (pace.admitted === 0 || pace.since === null) return null;
  const span = Math.max(now - pace.since, WAITING_ROOM.retryAfterMs);
  return Math.ceil((position * span) / pace.admitted / 1000);
}

export function createWaitingRoom(options: WaitingRoomOptions): WaitingRoom {
  const limits = {
    openSlots: options.slots - options.reservedSlots,
    accessMs: WAITING_ROOM.accessMs,
    staleAfterMs: WAITING_ROOM.staleAfterMs,
    paceWindowMs: WAITING_ROOM.paceWindowMs,
  };
  const bypassOf = (actor: WaitingRoomActor, target: ChatTarget): string | null =>
    target.characterId &&
    can(actor, "chat_while_waiting", {
      characterId: target.characterId,
      sharedLink: target.sharedLink,
      specialCharacterId: options.specialCharacterId,
    })
      ? target.characterId
      : options.specialCharacterId;

  return {
    async state(actor, target) {
      const bypass = bypassOf(actor, target);
      if (can(actor, "skip", null)) return { status: "access", position: 0, secondsLeft: null, bypass };
      const key = sessionKeyOf(actor.auth);
      if (!key) return { status: "refresh", position: 0, secondsLeft: null, bypass };
      const now = options.clock.now().getTime();
      const visit = await options.store.visit(key, now, limits);
      const secondsLeft =
        visit.status === "access"
          ? Math.ceil(visit.accessLeftMs / 1000)
          : estimateSeconds(visit.position, visit.pace, now);
      return { status: visit.status, position: visit.position, secondsLeft, bypass };
    },
    async admit(actor, target) {
      if (can(actor, "skip", null) || bypassOf(actor, target) === target.characterId) return;
      const key = sessionKeyOf(actor.auth);
      const visit = key ? await options.store.visit(key, options.clock.now().getTime(), limits) : null;
      if (visit?.status !== "access") throw new AppError(403, "waiting_room");
    },
    async occupySlot() {
      const id = randomUUID();
      await options.store.generationStarted(
        id,
        options.clock.now().getTime() + WAITING_ROOM.generationLeaseMs,
      );
      return () => options.store.generationEnded(id);
    },
  };
}
