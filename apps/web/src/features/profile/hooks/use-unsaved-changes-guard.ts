import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";

/**
 * Leaving a page with unsaved changes asks first (account spec 2.1). The app uses react-router's library
 * mode (`BrowserRouter`), where `useBlocker` is not available, so this guard:
 * - intercepts clicks on in-app links anywhere on the page (navbar, menus, page links) before the router
 *   sees them, and keeps the destination;
 * - runs the page's own leaving actions (e.g. Logout) through `request`;
 * - asks the browser to confirm closing or reloading the tab (`beforeunload`);
 * - catches the browser's Back button: while there are changes, an extra history entry for this same
 *   page sits on top, so Back lands on this page again and asks; leaving then takes the real step back.
 */
export type UnsavedChangesGuard = {
  /** True while the "Unsaved Changes" dialog should show. */
  asking: boolean;
  /** Runs `action` now when nothing is unsaved, else keeps it and opens the dialog. */
  request: (action: () => void) => void;
  /** Leaves as asked (after Discard, or after a successful Update). */
  proceed: () => void;
  /** Stays on the page. */
  cancel: () => void;
};

export function inAppDestination(event: MouseEvent, origin: string): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(target instanceof HTMLAnchorElement)) return null;
  if (target.hasAttribute("download") || (target.target && target.target !== "_self")) return null;
  const url = new URL(target.href, origin);
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const pendingRef = useRef<(() => void) | null>(null);
  const stayRef = useRef<(() => void) | null>(null);
  const ask = useCallback((action: () => void, onStay: (() => void) | null = null) => {
    pendingRef.current = action;
    stayRef.current = onStay;
    setAsking(true);
  }, []);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only ask when returnValue is set.
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      const destination = inAppDestination(event, window.location.origin);
      if (!destination) return;
      const here = `${window.location.pathname}${window.location.search}`;
      if (destination === here) return;
      event.preventDefault();
      event.stopPropagation();
      // Replacing the guard entry keeps this page from showing twice in the history.
      ask(() => navigate(destination, { replace: onGuardEntry() }));
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    // Capture phase on the document runs before React's handlers on the root, so Link never sees the click.
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty, navigate, ask]);

  useEffect(() => {
    if (!dirty) return;
    if (!onGuardEntry()) pushGuardEntry();
    const onPopState = () => {
      // Back from the guard entry: still on this page; ask, and take the real step back when leaving.
      if (!onGuardEntry()) ask(() => window.history.back(), pushGuardEntry);
    };
    window.addEventListener("popstate", onPopState);
    return () => {
      window.removeEventListener("popstate", onPopState);
      // Saved or discarded in place: drop the guard entry so Back works in one step again.
      if (onGuardEntry()) dropGuardEntry();
    };
  }, [dirty, ask]);

  const request = useCallback(
    (action: () => void) => {
      if (dirtyRef.current) ask(action);
      else action();
    },
    [ask],
  );

  const proceed = useCallback(() => {
    const action = pendingRef.current;
    pendingRef.current = null;
    stayRef.current = null;
    setAsking(false);
    // Leaving right after a save: the guard entry may still be on its way out; leave from the real entry.
    if (droppingGuardEntry && action) void droppingGuardEntry.then(action);
    else action?.();
  }, []);

  const cancel = useCallback(() => {
    const stay = stayRef.current;
    pendingRef.current = null;
    stayRef.current = null;
    setAsking(false);
    stay?.();
  }, []);

  return { asking, request, proceed, cancel };
}

const GUARD_ENTRY = "hearthUnsavedChanges";

/** Settles when the step back off the guard entry has landed (history.back() is asynchronous). */
let droppingGuardEntry: Promise<void> | null = null;

function dropGuardEntry(): void {
  droppingGuardEntry = new Promise((resolve) => {
    window.addEventListener(
      "popstate",
      () => {
        droppingGuardEntry = null;
        resolve();
      },
      { once: true },
    );
  });
  window.history.back();
}

type HistoryState = Record<string, unknown> | null;

function onGuardEntry(): boolean {
  return (window.history.state as HistoryState)?.[GUARD_ENTRY] === true;
}

/** Duplicates the current entry (same URL), with the router's index one higher as a real push would. */
function pushGuardEntry(): void {
  const state = (window.history.state as HistoryState) ?? {};
  const idx = typeof state.idx === "number" ? state.idx + 1 : state.idx;
  window.history.pushState({ ...state, idx, [GUARD_ENTRY]: true }, "");
}
