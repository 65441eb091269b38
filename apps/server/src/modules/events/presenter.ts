import type { EventResponse } from "@hearth/contracts";

/** `POST /api/event`: the stored event's id. */
export function presentEventRecorded(id: string): EventResponse {
  return { id };
}
