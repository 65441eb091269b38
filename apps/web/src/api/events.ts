import { eventResponseSchema } from "@hearth/contracts";
import { apiFetch } from "../lib/api-client";

/**
 * `POST /api/event`: a fire-and-forget analytics event (page views, the checkout's completion and
 * abandonment); a lost event is ignored and never stops what sent it.
 */
export function sendEvent(eventName: string, payload: Record<string, unknown> = {}): void {
  apiFetch("/event", {
    method: "POST",
    body: { event_name: eventName, payload },
    schema: eventResponseSchema,
  }).catch(() => undefined);
}
