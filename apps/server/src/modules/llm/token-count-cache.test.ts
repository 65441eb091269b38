import { describe, expect, it } from "vitest";
import { cachedTokenCounter } from "./token-count-cache";

const long = (seed: string) => `${seed} `.repeat(40);

describe("cachedTokenCounter", () => {
  it("counts each long text once and answers the same count after", () => {
    const seen: string[] = [];
    const count = cachedTokenCounter((text) => {
      seen.push(text);
      return text.length;
    });
    expect(count(long("a"))).toBe(long("a").length);
    expect(count(long("a"))).toBe(long("a").length);
    expect(count(long("b"))).toBe(long("b").length);
    expect(seen).toEqual([long("a"), long("b")]);
  });

  it("counts short texts every time", () => {
    let calls = 0;
    const count = cachedTokenCounter(() => ++calls);
    count("hi");
    count("hi");
    expect(calls).toBe(2);
  });

  it("drops the least recently used texts beyond its size", () => {
    const seen: string[] = [];
    const count = cachedTokenCounter((text) => {
      seen.push(text);
      return 1;
    }, long("a").length * 2);
    count(long("a"));
    count(long("b"));
    count(long("a")); // a is now the most recent
    count(long("c")); // b goes
    seen.length = 0;
    count(long("a"));
    count(long("c"));
    count(long("b"));
    expect(seen).toEqual([long("b")]);
  });
});
