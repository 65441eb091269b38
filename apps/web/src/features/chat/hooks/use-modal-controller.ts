import type { Message } from "@hearth/contracts";
import { useCallback, useRef, useState } from "react";
import type { ChatMenuAction } from "../components/chat-header";

/**
 * The chat's dialogs: the options menu's (Remove Messages is a mode, not a dialog), a message's report,
 * and regenerating an older reply (keep the later messages, or branch).
 */
export type ChatModalKind = Exclude<ChatMenuAction, "remove"> | "report" | "regenerate";

export type OpenModal = {
  kind: ChatModalKind;
  /** The message a report (or a regenerate) is about. */
  message: Message | null;
  /** What had the focus when the dialog opened: it gets the focus back when the dialog closes. */
  opener: HTMLElement | null;
};

/**
 * Which dialog is open, if any, and what opened it: the chat's one piece of dialog state. The dialog
 * returns the focus to its opener; when the opener is gone meanwhile (a message scrolled out of the
 * virtualized list, or removed), `fallbackFocus` takes it (the composer) instead of the page body.
 */
export function useModalController(fallbackFocus: () => void) {
  const [open, setOpen] = useState<OpenModal | null>(null);
  const openRef = useRef(open);
  openRef.current = open;
  const fallbackRef = useRef(fallbackFocus);
  fallbackRef.current = fallbackFocus;

  const show = useCallback((kind: ChatModalKind, message: Message | null = null) => {
    const active = document.activeElement;
    setOpen({
      kind,
      message,
      opener: active instanceof HTMLElement && active !== document.body ? active : null,
    });
  }, []);

  const close = useCallback(() => {
    const opener = openRef.current?.opener ?? null;
    setOpen(null);
    // After the dialog has closed and given the focus back (or failed to).
    window.setTimeout(() => {
      const active = document.activeElement;
      if (active !== null && active !== document.body) return;
      if (opener?.isConnected) opener.focus();
      else fallbackRef.current();
    }, 0);
  }, []);

  /** For a dialog's onOpenChange: closing it closes the controller's dialog. */
  const onOpenChange = useCallback(
    (next: boolean) => {
      if (!next) close();
    },
    [close],
  );

  return { open, show, close, onOpenChange, isOpen: (kind: ChatModalKind) => open?.kind === kind };
}

export type ModalController = ReturnType<typeof useModalController>;
