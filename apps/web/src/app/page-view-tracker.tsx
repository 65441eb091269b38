import { useEffect } from "react";
import { useLocation } from "react-router";
import { useAppConfig } from "../api/config";
import { sendEvent } from "../api/events";
import { keepsScroll } from "../lib/keep-scroll";

/** Sends `page_view` on every route change (not in partner mode, which has no analytics). */
export function PageViewTracker() {
  const { pathname } = useLocation();
  const { data } = useAppConfig();
  const ready = data !== undefined;
  const partner = data?.partner_mode ?? true;
  useEffect(() => {
    if (!ready || partner) return;
    sendEvent("page_view", { path: pathname });
  }, [pathname, ready, partner]);
  return null;
}

/** Scrolls to the top when the path changes, unless the navigation says it stays on the same screen. */
export function ScrollToTop() {
  const { pathname, state } = useLocation();
  const keep = keepsScroll(state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes
  useEffect(() => {
    if (!keep) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
