/**
 * Members' rows this process writes are forgotten at once by its member caches (member-cache.ts), before
 * the database's notification of the change comes back. Several apps share one process in tests.
 */
const listeners = new Set<(id: string) => void>();

export function onMemberWritten(listener: (id: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A member's row this process just wrote (updated or deleted). */
export function memberWritten(id: string): void {
  for (const listener of listeners) listener(id);
}
