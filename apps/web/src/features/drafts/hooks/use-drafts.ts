import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { useSession } from "../../../lib/session";
import {
  type Draft,
  type DraftValues,
  deleteDraft,
  draftStorageKey,
  getDraft,
  listDrafts,
  saveDraft,
} from "../lib/draft-storage";

/** How long the editor waits after the last keystroke before writing the draft. */
export const DRAFT_SAVE_DELAY_MS = 600;

const CHANGE_EVENT = "hearth:drafts-changed";

function notify(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith("hearth.drafts.")) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

function readRaw(userId: string | null): string | null {
  if (!userId) return null;
  try {
    return window.localStorage.getItem(draftStorageKey(userId));
  } catch {
    return null;
  }
}

/** The signed-in user's drafts (newest first), kept current across tabs, and a way to delete one. */
export function useDrafts() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  // The raw string is the snapshot: stable between changes, so React re-renders only on a real change.
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(userId),
    () => null,
  );
  const drafts = useMemo<Draft[]>(
    () => (userId && raw ? listDrafts(window.localStorage, userId) : []),
    [userId, raw],
  );
  const remove = useCallback(
    (id: string) => {
      if (!userId) return;
      deleteDraft(window.localStorage, userId, id);
      notify();
    },
    [userId],
  );
  return { drafts, remove };
}

/** One draft's saved values (null when there is none) read once for the editor's first render. */
export function useInitialDraft(draftId: string | undefined): Draft | null {
  const { user } = useSession();
  const userId = user?.id;
  return useMemo(
    () => (userId && draftId ? getDraft(window.localStorage, userId, draftId) : null),
    [userId, draftId],
  );
}

/**
 * Saves `values` under `draftId` once the creator pauses typing; `flush` writes at once and `discard`
 * removes the draft (after the character is created).
 */
export function useDraftAutosave(draftId: string | null, values: DraftValues | null) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const pending = useRef<{ id: string; values: DraftValues } | null>(null);

  const flush = useCallback(() => {
    const next = pending.current;
    pending.current = null;
    if (!next || !userId) return;
    saveDraft(window.localStorage, userId, next.id, next.values);
    notify();
  }, [userId]);

  useEffect(() => {
    if (!draftId || !values) return;
    pending.current = { id: draftId, values };
    const timer = window.setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [draftId, values, flush]);

  // Leaving the page mid-pause still keeps what was typed.
  useEffect(() => {
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [flush]);

  const discard = useCallback(
    (id: string) => {
      pending.current = null;
      if (!userId) return;
      deleteDraft(window.localStorage, userId, id);
      notify();
    },
    [userId],
  );

  return { flush, discard };
}
