import type { ChangeFeed } from "./change-feed";
import { createReadThroughCache } from "./read-through-cache";

/**
 * A read-through cache whose rows are forgotten when the change feed announces a change to one of
 * `tables` with the row's key (see change-feed.ts), and read through while changes may be missed.
 */
export type NotifiedCache<T> = {
  get(key: string): Promise<T | null>;
  close(): void;
};

export function createNotifiedCache<T>(
  feed: ChangeFeed,
  options: {
    tables: readonly string[];
    load(key: string): Promise<T | null>;
    maxEntries: number;
    ttlMs: number;
  },
): NotifiedCache<T> {
  const cache = createReadThroughCache<T>(options);
  // One connection for every table: each subscription reports the same state, so any may resume.
  const unsubscribe = options.tables.map((table) =>
    feed.subscribe(table, {
      onKey: (key) => cache.forget(key),
      onListening: (listening) => (listening ? cache.resume() : cache.suspend()),
    }),
  );
  return {
    get: (key) => cache.get(key),
    close() {
      for (const stop of unsubscribe) stop();
      cache.suspend();
    },
  };
}
