/**
 * Rows read on nearly every request, kept in memory and forgotten when they change. Whoever owns the rows
 * calls `forget(key)` when one changes (a database notification at commit reaches every instance, see
 * db/client.ts `listen`) and `suspend()` while such notifications may be missed; a suspended cache reads
 * through until `resume()`. A read that began before a change is answered but not kept, so a change can
 * never be overwritten by the row it replaced. `ttlMs` bounds how long a row is kept in any case.
 */
export type ReadThroughCache<T> = {
  get(key: string): Promise<T | null>;
  forget(key: string): void;
  suspend(): void;
  resume(): void;
};

type Entry<T> = { value: T; expiresAt: number };

export function createReadThroughCache<T>(options: {
  load(key: string): Promise<T | null>;
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}): ReadThroughCache<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<T>>();
  /** Reads in flight, shared by callers asking for the same key meanwhile. */
  const loading = new Map<string, Promise<T | null>>();
  /** Changes so far: a read keeps its row only when none happened while it ran. */
  let changes = 0;
  let suspended = true;

  const forgetAll = () => {
    changes += 1;
    entries.clear();
    loading.clear();
  };

  const load = (key: string): Promise<T | null> => {
    const pending = loading.get(key);
    if (pending) return pending;
    const startedAt = changes;
    const read = options.load(key).then(
      (value) => {
        if (loading.get(key) === read) loading.delete(key);
        if (value !== null && startedAt === changes && !suspended) {
          // Least recently read first out: a Map iterates in insertion order.
          if (entries.size >= options.maxEntries) {
            const oldest = entries.keys().next();
            if (!oldest.done) entries.delete(oldest.value);
          }
          entries.set(key, { value, expiresAt: now() + options.ttlMs });
        }
        return value;
      },
      (error: unknown) => {
        if (loading.get(key) === read) loading.delete(key);
        throw error;
      },
    );
    loading.set(key, read);
    return read;
  };

  return {
    get(key) {
      if (suspended) return options.load(key);
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) {
        entries.delete(key);
        entries.set(key, entry);
        return Promise.resolve(entry.value);
      }
      if (entry) entries.delete(key);
      return load(key);
    },
    forget(key) {
      changes += 1;
      entries.delete(key);
      loading.delete(key);
    },
    suspend() {
      suspended = true;
      forgetAll();
    },
    resume() {
      forgetAll();
      suspended = false;
    },
  };
}
