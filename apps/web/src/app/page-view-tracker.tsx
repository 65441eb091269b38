import { useEffect } from "react";
import { useLocation } from "react-router";
import { sendEvent } from "../features/analytics/api/send-event";
import { useAppConfig } from "../lib/app-config";

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

/** Scrolls to the top when the path changes. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
