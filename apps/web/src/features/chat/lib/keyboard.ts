/** What a key press in the chat input does (chat spec 5). */
export type InputKeyAction = "send" | "newline";

export type InputKey = { key: string; shiftKey: boolean; isComposing?: boolean };

/**
 * Enter sends and Shift+Enter inserts a newline; on mobile devices Enter inserts a newline too (the
 * on-screen keyboard has no Shift, and the Send button is at hand). An IME composition is never sent.
 */
export function inputKeyAction(event: InputKey, isMobile: boolean): InputKeyAction | null {
  if (event.key !== "Enter") return null;
  if (event.isComposing || event.shiftKey || isMobile) return "newline";
  return "send";
}

/** Whether the device is a phone or tablet (touch-first): there Enter does not send. */
export function isMobileDevice(): boolean {
  if (typeof window === "undefined" || typeof navigator === "undefined") return false;
  const coarse = window.matchMedia?.("(pointer: coarse)").matches ?? false;
  return coarse || /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}

/** Send is enabled only with non-blank text. */
export function canSend(text: string): boolean {
  return text.trim().length > 0;
}

export type AlternateKey = {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  /** The element that has focus when the key is pressed. */
  target: EventTarget | null;
};

/** Whether an element is a text field or inside an open modal, where arrows belong to it. */
function isInteractiveTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== "function") return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  return Boolean(element.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]'));
}

/**
 * Which way ArrowLeft/ArrowRight move between alternate replies; null while a modal is open, a text
 * field (or anything in a dialog) has focus, or a modifier is held.
 */
export function alternateKeyDirection(event: AlternateKey, modalOpen: boolean): -1 | 1 | null {
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return null;
  if (modalOpen || event.altKey || event.ctrlKey || event.metaKey) return null;
  if (isInteractiveTarget(event.target)) return null;
  return event.key === "ArrowLeft" ? -1 : 1;
}

/** Message edit (chat spec 5): Save only when the trimmed text is non-empty and differs from the original. */
export function canSaveEdit(original: string, draft: string): boolean {
  const trimmed = draft.trim();
  return trimmed.length > 0 && trimmed !== original.trim();
}
