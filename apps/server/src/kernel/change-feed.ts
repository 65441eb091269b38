import type { DatabaseHandle } from "../db/client";

/**
 * Changes to rows that instances keep in memory (read-through caches), announced by the database itself:
 * a trigger on each such table notifies `hearth_changed` with `<table>:<key>` (migration 0016), delivered
 * at commit to every instance's listening connection, whoever wrote the row: this app inside or outside
 * a transaction, another instance, a command or an operator's SQL. This process's own writes are also
 * announced at once (`announceChange`), before the notification comes back.
 */
export type ChangeListener = {
  /** A row of the table changed; `key` is the column its trigger names (an id, or a member's id). */
  onKey(key: string): void;
  /** false: changes may be missed from now on (the connection was lost); true: they are heard again. */
  onListening(listening: boolean): void;
};

export type ChangeFeed = {
  subscribe(table: string, listener: ChangeListener): () => void;
  close(): Promise<void>;
};

const CHANNEL = "hearth_changed";

/** The feeds open in this process (several apps share one process in tests). */
const openFeeds = new Set<(table: string, key: string) => void>();

/** A row this process just wrote (after the statement; inside a transaction the commit announces it again). */
export function announceChange(table: string, key: string): void {
  for (const deliver of openFeeds) deliver(table, key);
}

export async function openChangeFeed(database: Pick<DatabaseHandle, "listen">): Promise<ChangeFeed> {
  const listeners = new Map<string, Set<ChangeListener>>();
  let listening = false;
  const deliver = (table: string, key: string) => {
    for (const listener of listeners.get(table) ?? []) listener.onKey(key);
  };
  const stopListening = await database.listen(CHANNEL, {
    onPayload(payload) {
      const cut = payload.indexOf(":");
      if (cut > 0) deliver(payload.slice(0, cut), payload.slice(cut + 1));
    },
    onListening(now) {
      listening = now;
      for (const set of listeners.values()) for (const listener of set) listener.onListening(now);
    },
  });
  openFeeds.add(deliver);
  return {
    subscribe(table, listener) {
      let set = listeners.get(table);
      if (!set) {
        set = new Set();
        listeners.set(table, set);
      }
      set.add(listener);
      listener.onListening(listening);
      return () => set.delete(listener);
    },
    async close() {
      openFeeds.delete(deliver);
      for (const set of listeners.values()) for (const listener of set) listener.onListening(false);
      listeners.clear();
      await stopListening();
    },
  };
}
