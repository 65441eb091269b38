/**
 * Where computed recommendations are kept between requests. The in-process default suits one server;
 * several instances can share a Redis-backed implementation of the same interface.
 */
export interface RecommendationCache<V> {
  get(key: string): Promise<V | undefined>;
  set(key: string, value: V): Promise<void>;
}

/** A small in-memory cache: entries expire after `ttlMs`; the oldest go first beyond `maxEntries`. */
export function createMemoryCache<V>(options: { ttlMs: number; maxEntries: number }): RecommendationCache<V> {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    async set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: Date.now() + options.ttlMs });
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
  };
}
