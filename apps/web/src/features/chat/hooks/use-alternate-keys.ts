import { useEffect } from "react";
import { alternateKeyDirection } from "../lib/keyboard";
import type { ChatController } from "./use-chat";
import { type ChatStore, useChatSelector } from "./use-chat-store";

/** ArrowLeft / ArrowRight browse the last reply's versions, except in dialogs and text fields. */
export function useAlternateKeys(store: ChatStore, chat: ChatController, dialogOpen: boolean): void {
  const { last, busy } = useChatSelector(store, (state) => ({
    last: state.messages.at(-1),
    busy: state.turn !== null,
  }));
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const modalOpen = dialogOpen || document.querySelector('[role="dialog"]') !== null;
      const direction = alternateKeyDirection(event, modalOpen);
      if (!direction || !last || last.role !== "bot" || busy) return;
      const next = last.alternate_index + direction;
      if (last.alternates.length < 2 || next < 0 || next >= last.alternates.length) return;
      event.preventDefault();
      void chat.showAlternate(last.id, next);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [dialogOpen, last, busy, chat]);
}
