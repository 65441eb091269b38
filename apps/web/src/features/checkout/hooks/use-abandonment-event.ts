import { useEffect, useRef } from "react";
import {
  type AbandonmentPayload,
  beaconCheckoutEvent,
  CHECKOUT_EVENTS,
  logCheckoutEvent,
} from "../api/checkout-events";

/**
 * Logs the abandonment event once when the member leaves the checkout without completing it (spec 4):
 * leaving within the app (the page unmounts) sends it as an ordinary request; closing or reloading the
 * tab sends it as a beacon. `payload()` answers null when there is nothing to log (completed, or no plan
 * yet). React's development double mount does not count as leaving.
 */
export function useAbandonmentEvent(payload: () => AbandonmentPayload | null): void {
  const latest = useRef(payload);
  const mounted = useRef(false);
  useEffect(() => {
    latest.current = payload;
  });
  useEffect(() => {
    let sent = false;
    mounted.current = true;
    const onPageHide = () => {
      const body = latest.current();
      if (sent || !body) return;
      sent = true;
      beaconCheckoutEvent(CHECKOUT_EVENTS.abandoned, body);
    };
    // Back from the browser's page cache: the member is on the checkout again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) sent = false;
    };
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      mounted.current = false;
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
      const body = latest.current();
      if (sent || !body) return;
      // A development remount runs this cleanup and the effect again at once: wait a tick to tell.
      setTimeout(() => {
        if (mounted.current) return;
        sent = true;
        logCheckoutEvent(CHECKOUT_EVENTS.abandoned, body);
      }, 0);
    };
  }, []);
}
