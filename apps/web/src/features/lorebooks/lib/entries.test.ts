import type { LorebookEntry } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { entryLabel, parseKeys, searchEntries, sortEntries } from "./entries";

const entry = (id: string, values: Partial<LorebookEntry> = {}): LorebookEntry => ({
  id,
  name: "",
  keys: [],
  secondary_keys: [],
  selective_logic: "and_any",
  use_regex: false,
  case_sensitive: false,
  match_whole_words: false,
  content: "",
  enabled: true,
  constant: false,
  insertion_order: 100,
  priority: 10,
  position: "before_char",
  depth: 4,
  probability: 100,
  extensions: {},
  ...values,
});

describe("lorebook entries", () => {
  it("labels by name, first key, then id", () => {
    expect(entryLabel(entry("1", { name: "Moon" }))).toBe("Moon");
    expect(entryLabel(entry("1", { keys: ["", "sea"] }))).toBe("sea");
    expect(entryLabel(entry("7"))).toBe("Entry 7");
  });

  it("parses comma lists, keeping commas inside a regular expression", () => {
    expect(parseKeys(" moon, sea ,,moon ")).toEqual(["moon", "sea"]);
    expect(parseKeys("/a,b/i, tide")).toEqual(["/a,b/i", "tide"]);
  });

  it("searches names, keys and content, and sorts three ways", () => {
    const entries = [
      entry("2", { name: "Beta", priority: 5, insertion_order: 1, content: "the tide" }),
      entry("10", { name: "alpha", priority: 50, insertion_order: 3 }),
      entry("1", { keys: ["Gamma"], priority: 5, insertion_order: 2 }),
    ];
    expect(searchEntries(entries, "TIDE").map((e) => e.id)).toEqual(["2"]);
    expect(searchEntries(entries, "gam").map((e) => e.id)).toEqual(["1"]);
    expect(sortEntries(entries, "order").map((e) => e.id)).toEqual(["2", "1", "10"]);
    expect(sortEntries(entries, "name").map((e) => e.id)).toEqual(["10", "2", "1"]);
    expect(sortEntries(entries, "priority").map((e) => e.id)).toEqual(["10", "1", "2"]);
  });
});
