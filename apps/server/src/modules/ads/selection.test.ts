import { describe, expect, it } from "vitest";
import { conversationTooShort } from "./policy";
import { chooseAd, countKeyword, scoreAd } from "./selection";

const ad = (id: string, keywords: string[], lastShownAt: Date | null = null) => ({
  id,
  keywords,
  lastShownAt,
});

describe("keyword scoring", () => {
  it("counts whole words and phrases, case-insensitively, every occurrence", () => {
    expect(countKeyword("A Dragon! Two dragons. dragon-fire", "dragon")).toBe(2);
    expect(countKeyword("The long chat goes on; the LONG CHAT ends", "long chat")).toBe(2);
    expect(countKeyword("snapdragon", "dragon")).toBe(0);
    expect(countKeyword("price (USD) 5", "(usd)")).toBe(1);
    expect(scoreAd(["sword", "castle"], ["a sword", "the castle and a sword"])).toBe(3);
  });
});

describe("choosing an ad", () => {
  it("takes the most keyword hits, then the least recently shown, then falls back to an ad without keywords", () => {
    const texts = ["We ride to the castle", "with a sword and a shield", "the sword is sharp"];
    const sword = ad("sword", ["sword"]);
    const castle = ad("castle", ["castle"]);
    const fallback = ad("fallback", []);
    expect(chooseAd([castle, sword, fallback], texts)).toEqual({ ad: sword, matched: 2 });
    const shownSword = ad("sword-2", ["sword"], new Date(2026, 0, 2));
    const olderSword = ad("sword-3", ["sword"], new Date(2026, 0, 1));
    expect(chooseAd([shownSword, olderSword], texts)?.ad.id).toBe("sword-3");
    expect(chooseAd([castle, fallback], ["nothing here"])).toEqual({ ad: fallback, matched: 0 });
    expect(chooseAd([castle], ["nothing here"])).toBeNull();
    const twins = [ad("a", []), ad("b", [])];
    expect(chooseAd(twins, [], () => 0)?.ad.id).toBe("a");
    expect(chooseAd(twins, [], () => 0.99)?.ad.id).toBe("b");
  });
});

describe("the conversation's length", () => {
  it("needs more than the minimum of messages and more than two without alternates", () => {
    expect(conversationTooShort({ messages: 10, withoutAlternates: 10 }, 10)).toBe("too_short");
    expect(conversationTooShort({ messages: 11, withoutAlternates: 2 }, 10)).toBe("alternates");
    expect(conversationTooShort({ messages: 11, withoutAlternates: 3 }, 10)).toBeNull();
  });
});
