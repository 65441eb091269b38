import { describe, expect, it } from "vitest";
import { createTtlCache } from "./cache";

describe("createTtlCache", () => {
  it("keeps an entry for its TTL, drops the oldest beyond the cap, and clears", () => {
    let now = 0;
    const cache = createTtlCache({ ttlMs: 120_000, maxEntries: 2, now: () => now });
    cache.set("a", 1);
    now = 119_999;
    expect(cache.get<number>("a")).toBe(1);
    now = 120_000;
    expect(cache.get<number>("a")).toBeUndefined();
    cache.set("b", 2);
    cache.set("c", 3);
    cache.set("d", 4);
    expect([cache.get("b"), cache.get("c"), cache.get("d")]).toEqual([undefined, 3, 4]);
    cache.clear();
    expect(cache.get("d")).toBeUndefined();
  });
});
