import type { Lorebook, LorebookEntry } from "@hearth/contracts";
import { LOREBOOK_LIMITS } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import {
  type ActivationResult,
  activateLore,
  LORE_SCAN_CHARS_MAX,
  type LoreSource,
  rollProbability,
} from "./activate";
import { compileRegexKey } from "./matcher";
import { countWords, makeBook, makeEntry } from "./test-fixtures";

function run(book: Lorebook, history: string[], seed = 1): ActivationResult {
  return activateLore({
    sources: [{ kind: "character", id: "char-1", name: "Aria", book }],
    history,
    seed,
    countTokens: countWords,
  });
}

/** Whether `entry` fires in a book of its own over `history`. */
function fires(entry: LorebookEntry, history: string[], book: Partial<Lorebook> = {}): boolean {
  return run(makeBook([entry], book), history).fired.length === 1;
}

describe("primary keys", () => {
  it("match case-insensitively by default, anywhere in a word", () => {
    expect(fires(makeEntry({ keys: ["dragon"] }), ["A DRAGON lands."])).toBe(true);
    expect(fires(makeEntry({ keys: ["dragon"] }), ["dragonfly"])).toBe(true);
    expect(fires(makeEntry({ keys: ["dragon"] }), ["a wyvern"])).toBe(false);
  });

  it("any one key of several is enough", () => {
    expect(fires(makeEntry({ keys: ["wyvern", "dragon"] }), ["a wyvern"])).toBe(true);
  });

  it("match case-sensitively when asked", () => {
    const entry = makeEntry({ keys: ["Rose"], case_sensitive: true });
    expect(fires(entry, ["Rose smiles"])).toBe(true);
    expect(fires(entry, ["a rose"])).toBe(false);
    expect(fires(entry, ["ROSE"])).toBe(false);
  });

  it("match whole words only when asked, with Unicode word boundaries", () => {
    const entry = makeEntry({ keys: ["cat"], match_whole_words: true });
    expect(fires(entry, ["the cat sat"])).toBe(true);
    expect(fires(entry, ["cat."])).toBe(true);
    expect(fires(entry, ["(cat)"])).toBe(true);
    expect(fires(entry, ["concatenate"])).toBe(false);
    expect(fires(entry, ["cats"])).toBe(false);
    expect(fires(entry, ["écat"])).toBe(false);
    expect(fires(entry, ["cat_1"])).toBe(false);
    expect(fires(entry, ["catз"])).toBe(false);
    // One occurrence inside a word does not hide a later whole one.
    expect(fires(entry, ["concat and cat"])).toBe(true);
    const accented = makeEntry({ keys: ["élan"], match_whole_words: true });
    expect(fires(accented, ["with ÉLAN!"])).toBe(true);
    expect(fires(accented, ["xélan"])).toBe(false);
    const cjk = makeEntry({ keys: ["東京"], match_whole_words: true });
    expect(fires(cjk, ["in 東京 today"])).toBe(true);
    const emoji = makeEntry({ keys: ["🐉"], match_whole_words: true });
    expect(fires(emoji, ["a 🐉 flies"])).toBe(true);
  });

  it("whole-word multi-word keys match as a phrase", () => {
    const entry = makeEntry({ keys: ["black tower"], match_whole_words: true });
    expect(fires(entry, ["to the Black Tower!"])).toBe(true);
    expect(fires(entry, ["black towers"])).toBe(false);
  });

  it("ignore empty keys; an entry with no key never fires unless constant", () => {
    expect(fires(makeEntry({ keys: [""] }), ["anything"])).toBe(false);
    expect(fires(makeEntry({ keys: [] }), ["anything"])).toBe(false);
    expect(fires(makeEntry({ keys: [], constant: true }), [])).toBe(true);
  });

  it("share patterns between keys of different entries", () => {
    const a = makeEntry({ keys: ["cat"], match_whole_words: true });
    const b = makeEntry({ keys: ["cat"] });
    const result = run(makeBook([a, b]), ["concat"]);
    expect(result.fired.map((entry) => entry.entryId)).toEqual([b.id]);
  });

  it("find overlapping keys and keys inside other keys", () => {
    const a = makeEntry({ keys: ["she"] });
    const b = makeEntry({ keys: ["he"] });
    const c = makeEntry({ keys: ["hers"] });
    const result = run(makeBook([a, b, c]), ["ushers"]);
    expect(result.fired).toHaveLength(3);
  });
});

describe("regular-expression keys", () => {
  it("are /pattern/flags, flags as written", () => {
    const entry = makeEntry({ keys: ["/sw(o|a)rds?/i"], use_regex: true });
    expect(fires(entry, ["a SWARD"])).toBe(true);
    expect(fires(entry, ["a sword"])).toBe(true);
    expect(fires(entry, ["a spear"])).toBe(false);
    const sensitive = makeEntry({ keys: ["/Sword/"], use_regex: true });
    expect(fires(sensitive, ["sword"])).toBe(false);
    expect(fires(sensitive, ["Sword"])).toBe(true);
  });

  it("a key not written /pattern/flags is plain text, even in a regex entry", () => {
    const entry = makeEntry({ keys: ["Mr. Smith (the elder)", "/x+y/"], use_regex: true });
    expect(fires(entry, ["I saw mr. smith (the elder)"])).toBe(true);
    expect(fires(entry, ["I saw Mrs Smith the elder"])).toBe(false);
    expect(fires(entry, ["xxxy"])).toBe(true);
  });

  it("unicode flags work", () => {
    expect(fires(makeEntry({ keys: ["/\\p{Script=Greek}+/u"], use_regex: true }), ["λόγος"])).toBe(true);
  });

  it("g and y flags do not make matching depend on earlier calls", () => {
    const entry = makeEntry({ keys: ["/dragon/gy"], use_regex: true });
    const book = makeBook([entry]);
    expect(run(book, ["dragon"]).fired).toHaveLength(1);
    expect(run(book, ["dragon"]).fired).toHaveLength(1);
  });

  it("an invalid pattern never throws and never matches", () => {
    for (const key of ["/([a-z/i", "/(?<n>a)(?<n>b)/", "/a/qq", "/[/"]) {
      expect(fires(makeEntry({ keys: [key], use_regex: true }), ["a [ ( b"])).toBe(false);
    }
  });

  it("catastrophic patterns are refused, not run", () => {
    expect(compileRegexKey("/(a+)+$/")).toBeNull();
    expect(compileRegexKey("/(\\w*)*x/")).toBeNull();
    expect(compileRegexKey("/(a|b){2,}+/")).toBeNull();
    expect(compileRegexKey("/(a)\\1/")).toBeNull();
    expect(compileRegexKey("/(a+)b/")).not.toBeNull();
    const started = Date.now();
    expect(fires(makeEntry({ keys: ["/(a+)+$/"], use_regex: true }), [`${"a".repeat(40)}!`])).toBe(false);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe("secondary keys", () => {
  const logic = (selective_logic: LorebookEntry["selective_logic"]) =>
    makeEntry({ keys: ["castle"], secondary_keys: ["night", "storm"], selective_logic });

  it("and_any: a primary key and at least one secondary", () => {
    expect(fires(logic("and_any"), ["the castle at night"])).toBe(true);
    expect(fires(logic("and_any"), ["the castle in a storm at night"])).toBe(true);
    expect(fires(logic("and_any"), ["the castle"])).toBe(false);
    expect(fires(logic("and_any"), ["night storm"])).toBe(false);
  });

  it("and_all: a primary key and every secondary", () => {
    expect(fires(logic("and_all"), ["the castle in a storm at night"])).toBe(true);
    expect(fires(logic("and_all"), ["the castle at night"])).toBe(false);
  });

  it("not_any: a primary key and no secondary", () => {
    expect(fires(logic("not_any"), ["the castle"])).toBe(true);
    expect(fires(logic("not_any"), ["the castle at night"])).toBe(false);
  });

  it("not_all: a primary key and not every secondary", () => {
    expect(fires(logic("not_all"), ["the castle"])).toBe(true);
    expect(fires(logic("not_all"), ["the castle at night"])).toBe(true);
    expect(fires(logic("not_all"), ["the castle in a storm at night"])).toBe(false);
  });

  it("an empty secondary list is no condition, whatever the logic", () => {
    for (const selective_logic of ["and_any", "and_all", "not_any", "not_all"] as const) {
      expect(fires(makeEntry({ keys: ["castle"], secondary_keys: [], selective_logic }), ["castle"])).toBe(
        true,
      );
      expect(fires(makeEntry({ keys: ["castle"], secondary_keys: [""], selective_logic }), ["castle"])).toBe(
        true,
      );
    }
  });

  it("secondary keys follow the entry's case and whole-word settings", () => {
    const entry = makeEntry({
      keys: ["castle"],
      secondary_keys: ["Night"],
      case_sensitive: true,
      match_whole_words: true,
    });
    expect(fires(entry, ["castle at Night"])).toBe(true);
    expect(fires(entry, ["castle at night"])).toBe(false);
    expect(fires(entry, ["castle at Nightfall"])).toBe(false);
  });

  it("the reason names the key and the secondary keys that satisfied the logic", () => {
    const entry = logic("and_any");
    expect(run(makeBook([entry]), ["Castle in the storm"]).fired[0]?.reason).toEqual({
      kind: "key",
      key: "castle",
      secondary: ["storm"],
    });
    expect(run(makeBook([logic("not_all")]), ["castle, night"]).fired[0]?.reason).toEqual({
      kind: "key",
      key: "castle",
      secondary: ["storm"],
    });
  });
});

describe("enabled and constant", () => {
  it("disabled entries never fire, constant or not", () => {
    expect(fires(makeEntry({ keys: ["a"], enabled: false }), ["a"])).toBe(false);
    expect(fires(makeEntry({ constant: true, enabled: false }), ["a"])).toBe(false);
  });

  it("constant entries fire with no key and no history, with a constant reason", () => {
    const result = run(makeBook([makeEntry({ constant: true, keys: ["zzz"] })]), []);
    expect(result.fired[0]?.reason).toEqual({ kind: "constant" });
  });

  it("constant entries always fire, whatever their probability", () => {
    expect(fires(makeEntry({ constant: true, probability: 0 }), [])).toBe(true);
  });
});

describe("scan depth", () => {
  it("scans only the newest scan_depth messages", () => {
    const entry = makeEntry({ keys: ["dragon"] });
    const history = ["a dragon", "one", "two"];
    expect(fires(entry, history, { scan_depth: 2 })).toBe(false);
    expect(fires(entry, history, { scan_depth: 3 })).toBe(true);
    expect(fires(entry, history, { scan_depth: 0 })).toBe(false);
  });

  it("does not match across two messages", () => {
    expect(fires(makeEntry({ keys: ["dragon"] }), ["drag", "on"])).toBe(false);
  });

  it("each book has its own depth", () => {
    const deep = makeBook([makeEntry({ keys: ["old"] })], { scan_depth: 10 });
    const shallow = makeBook([makeEntry({ keys: ["old"] })], { scan_depth: 1 });
    const result = activateLore({
      sources: [
        { kind: "character", id: "a", name: "A", book: deep },
        { kind: "member", id: "b", name: "B", book: shallow },
      ],
      history: ["old", "new"],
      seed: 0,
      countTokens: countWords,
    });
    expect(result.fired.map((entry) => entry.sourceId)).toEqual(["a"]);
  });

  it("scans at most LORE_SCAN_CHARS_MAX of the newest text", () => {
    const entry = makeEntry({ keys: ["needle"] });
    const filler = "x".repeat(LORE_SCAN_CHARS_MAX);
    expect(fires(entry, ["needle", filler], { scan_depth: 2 })).toBe(false);
    expect(fires(entry, [filler, "needle"], { scan_depth: 2 })).toBe(true);
  });
});

describe("recursive scanning", () => {
  const chain = () => {
    const a = makeEntry({ keys: ["dragon"], name: "Dragons", content: "Dragons fear the Order." });
    const b = makeEntry({ keys: ["order"], name: "The Order", content: "The Order guards the Vault." });
    const c = makeEntry({ keys: ["vault"], name: "Vault", content: "Deep below." });
    return [a, b, c];
  };

  it("entries' contents activate further entries, with a recursive reason", () => {
    const result = run(makeBook(chain(), { recursive_scanning: true }), ["a dragon"]);
    expect(result.fired.map((entry) => entry.reason)).toEqual([
      { kind: "key", key: "dragon", secondary: [] },
      { kind: "recursive", key: "order", via: "Dragons" },
      { kind: "recursive", key: "vault", via: "The Order" },
    ]);
  });

  it("is off unless the book asks for it", () => {
    expect(run(makeBook(chain()), ["a dragon"]).fired).toHaveLength(1);
  });

  it("constant entries' contents are scanned too", () => {
    const constant = makeEntry({ constant: true, content: "the dragon" });
    const dragon = makeEntry({ keys: ["dragon"] });
    const result = run(makeBook([constant, dragon], { recursive_scanning: true }), []);
    expect(result.fired).toHaveLength(2);
  });

  it("a secondary key found in a content completes an entry whose primary key is in the history", () => {
    const a = makeEntry({ keys: ["dragon"], name: "Dragons", content: "they hunt at night" });
    const b = makeEntry({ keys: ["castle"], secondary_keys: ["night"] });
    const result = run(makeBook([a, b], { recursive_scanning: true }), ["a dragon near the castle"]);
    expect(result.fired[1]?.reason).toEqual({ kind: "recursive", key: "castle", via: "Dragons" });
  });

  it("stops after recursionPassesMax passes", () => {
    const count = LOREBOOK_LIMITS.recursionPassesMax + 5;
    const entries = Array.from({ length: count }, (_, index) =>
      makeEntry({ keys: [`k${index}x`], content: `k${index + 1}x` }),
    );
    const result = run(makeBook(entries, { recursive_scanning: true }), ["k0x"]);
    expect(result.fired).toHaveLength(1 + LOREBOOK_LIMITS.recursionPassesMax);
  });

  it("an entry whose probability failed does not activate others", () => {
    const a = makeEntry({ keys: ["dragon"], content: "order", probability: 0 });
    const b = makeEntry({ keys: ["order"] });
    const result = run(makeBook([a, b], { recursive_scanning: true }), ["dragon"]);
    expect(result.fired).toHaveLength(0);
    expect(result.skipped).toEqual([expect.objectContaining({ entryId: a.id, why: "probability" })]);
  });
});

describe("probability", () => {
  it("0 never fires, 100 always does", () => {
    expect(fires(makeEntry({ keys: ["a"], probability: 0 }), ["a"])).toBe(false);
    expect(fires(makeEntry({ keys: ["a"], probability: 100 }), ["a"])).toBe(true);
  });

  it("is deterministic for a seed and spread across seeds", () => {
    const entry = makeEntry({ keys: ["a"], probability: 30 });
    const book = makeBook([entry]);
    let firedCount = 0;
    for (let seed = 0; seed < 2000; seed++) {
      const once = run(book, ["a"], seed).fired.length;
      expect(run(book, ["a"], seed).fired.length).toBe(once);
      firedCount += once;
    }
    expect(firedCount).toBeGreaterThan(500);
    expect(firedCount).toBeLessThan(700);
  });

  it("rolls depend on the source and the entry", () => {
    const rolls = new Set<string>();
    for (let index = 0; index < 40; index++) {
      rolls.add(String(rollProbability(50, 7, "s", `e${index}`)));
      rolls.add(String(rollProbability(50, 7, `s${index}`, "e")));
    }
    expect(rolls.size).toBe(2);
  });

  it("a failed roll is reported as skipped for probability", () => {
    const entry = makeEntry({ keys: ["a"], probability: 0, name: "Rare" });
    expect(run(makeBook([entry]), ["a"]).skipped).toEqual([
      { sourceId: "char-1", entryId: entry.id, entryName: "Rare", why: "probability" },
    ]);
  });
});

describe("token budget", () => {
  it("keeps higher priority first and skips the rest once one does not fit", () => {
    const low = makeEntry({ keys: ["a"], priority: 1, content: "one two" });
    const high = makeEntry({ keys: ["a"], priority: 9, content: "one two three" });
    const mid = makeEntry({ keys: ["a"], priority: 5, content: "one two three" });
    const result = run(makeBook([low, high, mid], { token_budget: 6 }), ["a"]);
    expect(result.fired.map((entry) => entry.entryId).sort()).toEqual([high.id, mid.id].sort());
    expect(result.skipped).toEqual([expect.objectContaining({ entryId: low.id, why: "budget" })]);
  });

  it("never lets a lower priority in after a higher one did not fit", () => {
    const big = makeEntry({ keys: ["a"], priority: 9, content: "one two three four five" });
    const small = makeEntry({ keys: ["a"], priority: 1, content: "one" });
    const result = run(makeBook([big, small], { token_budget: 3 }), ["a"]);
    expect(result.fired).toEqual([]);
    expect(result.skipped.map((entry) => entry.why)).toEqual(["budget", "budget"]);
  });

  it("ties: constant first, then lower insertion order, then entry order", () => {
    const keyed = makeEntry({ keys: ["a"], content: "x", insertion_order: 1 });
    const constant = makeEntry({ constant: true, content: "x", insertion_order: 50 });
    const late = makeEntry({ keys: ["a"], content: "x", insertion_order: 9 });
    const first = makeEntry({ keys: ["a"], content: "x", insertion_order: 5 });
    const second = makeEntry({ keys: ["a"], content: "x", insertion_order: 5 });
    const book = makeBook([keyed, constant, late, first, second]);
    const ids = (budget: number) =>
      run({ ...book, token_budget: budget }, ["a"])
        .fired.map((entry) => entry.entryId)
        .sort();
    expect(ids(1)).toEqual([constant.id]);
    expect(ids(2)).toEqual([constant.id, keyed.id].sort());
    expect(ids(3)).toEqual([constant.id, keyed.id, first.id].sort());
    expect(ids(4)).toEqual([constant.id, keyed.id, first.id, second.id].sort());
  });

  it("reports each entry's tokens", () => {
    const entry = makeEntry({ keys: ["a"], content: "one two three" });
    expect(run(makeBook([entry]), ["a"]).fired[0]?.tokens).toBe(3);
  });

  it("a budget of 0 keeps only empty entries", () => {
    const empty = makeEntry({ keys: ["a"], content: "" });
    const full = makeEntry({ keys: ["a"], content: "x" });
    const result = run(makeBook([empty, full], { token_budget: 0 }), ["a"]);
    expect(result.fired.map((entry) => entry.entryId)).toEqual([empty.id]);
  });

  it("each book has its own budget", () => {
    const book = () => makeBook([makeEntry({ keys: ["a"], content: "one two" })], { token_budget: 2 });
    const result = activateLore({
      sources: [
        { kind: "character", id: "a", name: "A", book: book() },
        { kind: "conversation", id: "b", name: "B", book: book() },
      ],
      history: ["a"],
      seed: 0,
      countTokens: countWords,
    });
    expect(result.fired).toHaveLength(2);
  });
});

describe("the result", () => {
  it("describes each fired entry and sorts by insertion order, then source, then entry order", () => {
    const later = makeEntry({
      keys: ["a"],
      insertion_order: 20,
      name: "Later",
      position: "at_depth",
      depth: 2,
    });
    const earlier = makeEntry({ keys: ["a"], insertion_order: 10, priority: 3 });
    const tie = makeEntry({ keys: ["a"], insertion_order: 20 });
    const sources: LoreSource[] = [
      { kind: "character", id: "c", name: "Char", book: makeBook([later, earlier], { name: "Char book" }) },
      { kind: "member", id: "m", name: "Mine", book: makeBook([tie], { name: "My book" }) },
    ];
    const result = activateLore({ sources, history: ["a"], seed: 3, countTokens: countWords });
    expect(result.fired.map((entry) => entry.entryId)).toEqual([earlier.id, later.id, tie.id]);
    expect(result.fired[1]).toEqual({
      sourceKind: "character",
      sourceId: "c",
      bookName: "Char book",
      entryId: later.id,
      entryName: "Later",
      content: later.content,
      position: "at_depth",
      depth: 2,
      insertionOrder: 20,
      priority: 10,
      tokens: 2,
      reason: { kind: "key", key: "a", secondary: [] },
    });
    expect(result.fired[2]?.sourceKind).toBe("member");
  });

  it("an entry with no name is named by its first key", () => {
    expect(run(makeBook([makeEntry({ keys: ["", "Vault"] })]), ["vault"]).fired[0]?.entryName).toBe("Vault");
  });

  it("the same book object can be used again (compiled once) and gives the same result", () => {
    const book = makeBook([makeEntry({ keys: ["a"] }), makeEntry({ keys: ["b"] })]);
    expect(run(book, ["a"])).toEqual(run(book, ["a"]));
    expect(run(book, ["b"]).fired[0]?.entryId).toBe(book.entries[1]?.id);
  });

  it("counts tokens with the counter given, not one cached for another counter", () => {
    const book = makeBook([makeEntry({ keys: ["a"], content: "one two" })]);
    const twice = (text: string) => 2 * countWords(text);
    expect(run(book, ["a"]).fired[0]?.tokens).toBe(2);
    const result = activateLore({
      sources: [{ kind: "character", id: "c", name: "C", book }],
      history: ["a"],
      seed: 1,
      countTokens: twice,
    });
    expect(result.fired[0]?.tokens).toBe(4);
  });

  it("no sources, no lore", () => {
    expect(activateLore({ sources: [], history: ["a"], seed: 0, countTokens: countWords })).toEqual({
      fired: [],
      skipped: [],
    });
  });
});

describe("V3 decorators", () => {
  it("@@depth puts the entry at that depth and the decorators stay out of the content", () => {
    const entry = makeEntry({ keys: ["net"], content: "@@depth 2\n@@@role system\nNetrunners jack in." });
    const fired = run(makeBook([entry]), ["the net"]).fired[0];
    expect(fired).toMatchObject({ position: "at_depth", depth: 2, content: "Netrunners jack in." });
  });

  it("@@activate fires always, @@dont_activate never, @@position after_desc after the definition", () => {
    const always = makeEntry({ keys: ["zzz"], content: "@@activate\nAlways." });
    const never = makeEntry({ keys: ["net"], content: "@@dont_activate\nNever." });
    const after = makeEntry({ keys: ["net"], content: "@@position after_desc\nAfter." });
    const result = run(makeBook([always, never, after]), ["net"]);
    expect(result.fired.map((entry) => entry.content)).toEqual(["Always.", "After."]);
    expect(result.fired[0]?.reason).toEqual({ kind: "constant" });
    expect(result.fired[1]?.position).toBe("after_char");
  });

  it("content that merely starts with @@ text is left alone", () => {
    const entry = makeEntry({ keys: ["a"], content: "@@ not a decorator" });
    expect(run(makeBook([entry]), ["a"]).fired[0]?.content).toBe("@@ not a decorator");
  });
});

describe("a hostile book", () => {
  it("costs bounded work: contents scanned up to the cap, tokens counted only until the budget is full", () => {
    const entries = Array.from({ length: LOREBOOK_LIMITS.entriesMax }, (_, index) =>
      makeEntry({ constant: true, keys: [`k${index}`], content: `k${index + 1} ${"word ".repeat(3_999)}` }),
    );
    let counted = 0;
    const countTokens = (text: string) => {
      counted++;
      return countWords(text);
    };
    const started = Date.now();
    const result = activateLore({
      sources: [
        {
          kind: "member",
          id: "m",
          name: "M",
          book: makeBook(entries, { recursive_scanning: true, token_budget: 10_000 }),
        },
      ],
      history: ["k0"],
      seed: 1,
      countTokens,
    });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(result.fired).toHaveLength(2);
    expect(counted).toBe(3);
    expect(result.skipped).toHaveLength(LOREBOOK_LIMITS.entriesMax - 2);
  });
});
