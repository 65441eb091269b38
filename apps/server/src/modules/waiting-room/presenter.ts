import { type QueueAnswer, WAITING_ROOM } from "@hearth/contracts";
import type { QueueState } from "./service";

/** `GET /api/queue`'s answer; every caller asks again after the spec's 30 s. */
export function presentQueue(state: QueueState): QueueAnswer {
  return {
    status: state.status,
    position: state.position,
    time_left: state.secondsLeft,
    bypass: state.bypass,
    retry_after: WAITING_ROOM.retryAfterMs,
  };
}
