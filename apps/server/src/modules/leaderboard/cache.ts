/**
 * Where leaderboard reads are kept between requests (spec 9: a 120-second cache). The in-process
 * implementation suits each instance on its own (every instance recomputes at most once per TTL); a shared
 * store can implement the same interface.
 */
export interface LeaderboardCache {
  get<V>(key: string): V | undefined;
  set<V>(key: string, value: V): void;
  clear(): void;
}

/** Entries expire `ttlMs` after they were set (by `now`); the oldest go first beyond `maxEntries`. */
export function createTtlCache(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): LeaderboardCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  return {
    get<V>(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value as V;
    },
    set<V>(key: string, value: V): void {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + options.ttlMs });
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    clear() {
      entries.clear();
    },
  };
}
