/** Navigation state for an address change that stays on the same screen (e.g. a new chat getting its id). */
export const KEEP_SCROLL = { keepScroll: true } as const;

export function keepsScroll(state: unknown): boolean {
  return typeof state === "object" && state !== null && "keepScroll" in state && state.keepScroll === true;
}
