import { sendEvent } from "../../../api/events";
import type { InteractionPoint } from "../lib/checkout-rules";

/** Analytics events of the checkout (spec 4 and 7), stored by `POST /api/event`. */
export const CHECKOUT_EVENTS = {
  completed: "checkout_completed",
  abandoned: "checkout_abandoned",
} as const;

export type CompletionPayload = {
  plan_id: string;
  order_id: string | null;
  subscription_id: string | null;
  transaction_id: string | null;
  total: number | null;
  currency: string;
  payment_method: string;
};

export type AbandonmentPayload = {
  plan_id: string;
  /** The last interaction point (spec 4); null when the member left without touching anything. */
  last_interaction: InteractionPoint | null;
};

/** Fire-and-forget: a lost analytics event never stops the checkout. */
export function logCheckoutEvent(
  name: (typeof CHECKOUT_EVENTS)[keyof typeof CHECKOUT_EVENTS],
  payload: CompletionPayload | AbandonmentPayload,
): void {
  sendEvent(name, payload);
}

/**
 * For a page that is being closed or reloaded, when an ordinary request would be cancelled: the browser
 * sends a beacon after the page is gone. A beacon carries no Authorization header, so the event is stored
 * without the member (as a visitor's); leaving within the app sends `logCheckoutEvent` instead.
 */
export function beaconCheckoutEvent(
  name: (typeof CHECKOUT_EVENTS)[keyof typeof CHECKOUT_EVENTS],
  payload: AbandonmentPayload,
): boolean {
  if (typeof navigator === "undefined" || typeof navigator.sendBeacon !== "function") return false;
  const body = new Blob([JSON.stringify({ event_name: name, payload })], { type: "application/json" });
  return navigator.sendBeacon("/api/event", body);
}
