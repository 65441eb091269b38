import { apiFetch } from "../../../lib/api-client";

/** Fire-and-forget analytics event; failures are ignored. */
export function sendEvent(eventName: string, payload: Record<string, unknown> = {}): void {
  apiFetch("/event", { method: "POST", body: { event_name: eventName, payload } }).catch(() => undefined);
}
