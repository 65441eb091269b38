import { describe, expect, it } from "vitest";
import { createReadThroughCache } from "./read-through-cache";

/** A cache over a map of rows that counts its reads; `gate` holds the next read until released. */
function setup(options: { maxEntries?: number; ttlMs?: number } = {}) {
  const rows = new Map<string, string>([
    ["a", "A1"],
    ["b", "B1"],
    ["c", "C1"],
  ]);
  let reads = 0;
  let clock = 0;
  let hold: Promise<void> | null = null;
  const cache = createReadThroughCache<string>({
    load: async (key) => {
      reads += 1;
      const value = rows.get(key) ?? null;
      if (hold) await hold;
      return value;
    },
    maxEntries: options.maxEntries ?? 10,
    ttlMs: options.ttlMs ?? 1000,
    now: () => clock,
  });
  cache.resume();
  return {
    cache,
    rows,
    reads: () => reads,
    tick: (ms: number) => {
      clock += ms;
    },
    gate() {
      let release!: () => void;
      hold = new Promise((resolve) => {
        release = resolve;
      });
      return () => {
        hold = null;
        release();
      };
    },
  };
}

describe("read-through cache", () => {
  it("reads a row once and answers it from memory until it changes", async () => {
    const t = setup();
    expect(await t.cache.get("a")).toBe("A1");
    expect(await t.cache.get("a")).toBe("A1");
    expect(t.reads()).toBe(1);
    t.rows.set("a", "A2");
    t.cache.forget("a");
    expect(await t.cache.get("a")).toBe("A2");
    expect(t.reads()).toBe(2);
  });

  it("shares one read between callers asking at once, and keeps no missing row", async () => {
    const t = setup();
    const [one, two] = await Promise.all([t.cache.get("b"), t.cache.get("b")]);
    expect([one, two, t.reads()]).toEqual(["B1", "B1", 1]);
    expect(await t.cache.get("nobody")).toBeNull();
    expect(await t.cache.get("nobody")).toBeNull();
    expect(t.reads()).toBe(3);
  });

  it("does not keep a row read while it changed (the change would be lost)", async () => {
    const t = setup();
    const release = t.gate();
    const stale = t.cache.get("a");
    t.rows.set("a", "A2");
    t.cache.forget("a");
    release();
    expect(await stale).toBe("A1");
    expect(await t.cache.get("a")).toBe("A2");
  });

  it("reads through while suspended (changes may be missed) and forgets everything around it", async () => {
    const t = setup();
    await t.cache.get("a");
    t.cache.suspend();
    t.rows.set("a", "A2");
    expect(await t.cache.get("a")).toBe("A2");
    t.rows.set("a", "A3");
    expect(await t.cache.get("a")).toBe("A3");
    t.cache.resume();
    expect(await t.cache.get("a")).toBe("A3");
    expect(t.reads()).toBe(4);
  });

  it("reads again after the time to live, and drops the least recently read row when full", async () => {
    const t = setup({ maxEntries: 2, ttlMs: 100 });
    await t.cache.get("a");
    t.tick(101);
    await t.cache.get("a");
    expect(t.reads()).toBe(2);
    await t.cache.get("b");
    await t.cache.get("a");
    await t.cache.get("c");
    // b was read least recently: it went out; a and c stay.
    await t.cache.get("a");
    await t.cache.get("c");
    expect(t.reads()).toBe(4);
    await t.cache.get("b");
    expect(t.reads()).toBe(5);
  });
});
