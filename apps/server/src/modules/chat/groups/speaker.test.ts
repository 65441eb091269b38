import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chooseSpeaker, mentionedIn, type SpeakerCandidate, seedOf, talkativenessOf } from "./speaker";

const member = (id: string, name: string, extra: Partial<SpeakerCandidate> = {}): SpeakerCandidate => ({
  id,
  name,
  muted: false,
  talkativeness: 0.5,
  ...extra,
});
const group = [member("a", "Aria"), member("b", "Bram Stoker"), member("c", "Cleo")];
const base = { mode: "natural" as const, members: group, lastSpeakerId: null, lastUserText: null, seed: 1 };

describe("chooseSpeaker, natural", () => {
  it("answers with the first character named in the member's message", () => {
    expect(chooseSpeaker({ ...base, lastUserText: "Cleo, what does Aria think?" })).toBe("c");
    expect(chooseSpeaker({ ...base, lastUserText: "aria? and cleo" })).toBe("a");
  });

  it("matches whole words only, and a name's first word", () => {
    expect(chooseSpeaker({ ...base, lastUserText: "Bram, hello", lastSpeakerId: "a" })).toBe("b");
    expect(mentionedIn("Ariadne and Cleopatra", group)).toEqual([]);
    expect(mentionedIn("I met Bram Stoker", group).map((m) => m.id)).toEqual(["b"]);
  });

  it("lets a named character answer even when it spoke last, but never a muted one", () => {
    expect(chooseSpeaker({ ...base, lastSpeakerId: "c", lastUserText: "Cleo?" })).toBe("c");
    const muted = group.map((m) => (m.id === "c" ? { ...m, muted: true } : m));
    expect(chooseSpeaker({ ...base, members: muted, lastUserText: "Cleo?" })).not.toBe("c");
  });

  it("never picks the last speaker twice in a row when others are there", () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom("a", "b", "c"), (seed, last) => {
        expect(chooseSpeaker({ ...base, seed, lastSpeakerId: last })).not.toBe(last);
      }),
    );
  });

  it("is deterministic for a seed and follows talkativeness", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        expect(chooseSpeaker({ ...base, seed })).toBe(chooseSpeaker({ ...base, seed }));
      }),
    );
    const skewed = [member("a", "Aria", { talkativeness: 1 }), member("b", "Bo", { talkativeness: 0 })];
    for (let seed = 0; seed < 50; seed += 1) {
      expect(chooseSpeaker({ ...base, members: skewed, seed })).toBe("a");
    }
    const counts = { a: 0, b: 0 };
    const even = [member("a", "Aria"), member("b", "Bo")];
    for (let seed = 0; seed < 400; seed += 1) {
      const id = chooseSpeaker({ ...base, members: even, seed }) as "a" | "b";
      counts[id] += 1;
    }
    expect(counts.a).toBeGreaterThan(120);
    expect(counts.b).toBeGreaterThan(120);
  });

  it("draws evenly when every talkativeness is 0, and keeps the only one left", () => {
    const silent = group.map((m) => ({ ...m, talkativeness: 0 }));
    expect(["a", "b", "c"]).toContain(chooseSpeaker({ ...base, members: silent }));
    const alone = group.map((m) => (m.id === "a" ? m : { ...m, muted: true }));
    expect(chooseSpeaker({ ...base, members: alone, lastSpeakerId: "a" })).toBe("a");
  });
});

describe("chooseSpeaker, list and manual", () => {
  it("takes the next unmuted character in list order, wrapping around", () => {
    const list = { ...base, mode: "list" as const };
    expect(chooseSpeaker(list)).toBe("a");
    expect(chooseSpeaker({ ...list, lastSpeakerId: "a" })).toBe("b");
    expect(chooseSpeaker({ ...list, lastSpeakerId: "c" })).toBe("a");
    const muted = group.map((m) => (m.id === "b" ? { ...m, muted: true } : m));
    expect(chooseSpeaker({ ...list, members: muted, lastSpeakerId: "a" })).toBe("c");
    expect(chooseSpeaker({ ...list, lastSpeakerId: "gone", lastUserText: "Cleo!" })).toBe("a");
  });

  it("leaves manual mode and an all-muted group to the member", () => {
    expect(chooseSpeaker({ ...base, mode: "manual", lastUserText: "Cleo" })).toBeNull();
    const allMuted = group.map((m) => ({ ...m, muted: true }));
    expect(chooseSpeaker({ ...base, members: allMuted })).toBeNull();
    expect(chooseSpeaker({ ...base, mode: "list", members: allMuted })).toBeNull();
  });
});

describe("talkativenessOf and seedOf", () => {
  it("reads SillyTavern's extension as a number or a numeric string, 0.5 otherwise", () => {
    expect(talkativenessOf({ extensions: { talkativeness: "0.8" } })).toBe(0.8);
    expect(talkativenessOf({ extensions: { talkativeness: 0.2 } })).toBe(0.2);
    expect(talkativenessOf({ extensions: { talkativeness: 7 } })).toBe(1);
    expect(talkativenessOf({ extensions: { talkativeness: "loud" } })).toBe(0.5);
    expect(talkativenessOf({})).toBe(0.5);
  });

  it("gives a stable seed per text", () => {
    expect(seedOf("x:1")).toBe(seedOf("x:1"));
    expect(seedOf("x:1")).not.toBe(seedOf("x:2"));
  });
});
