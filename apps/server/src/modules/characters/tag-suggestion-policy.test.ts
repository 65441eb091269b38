import { describe, expect, it } from "vitest";
import { POLICY_CHARACTER } from "../../policy-fixtures";
import { decideTagSuggestion } from "./tag-suggestion-policy";
import type { Viewer } from "./viewer";

const character = { ...POLICY_CHARACTER, tags: ["fantasy", "bard"] };
const member: Viewer = { userId: "member", brand: "adult", allowsNsfw: false };
const body = (tags_to_add: string[], tags_to_remove: string[] = []) => ({ tags_to_add, tags_to_remove });

describe("decideTagSuggestion", () => {
  it("keeps only real changes, once each", () => {
    expect(
      decideTagSuggestion(character, member, body(["music", "music", "fantasy"], ["bard", "x"])),
    ).toEqual({
      kind: "allowed",
      add: ["music"],
      remove: ["bard"],
    });
  });

  it("refuses a suggestion that changes nothing", () => {
    expect(decideTagSuggestion(character, member, body(["fantasy"], ["pirates"]))).toEqual({
      kind: "nothing_selected",
    });
    expect(decideTagSuggestion(character, member, body([]))).toEqual({ kind: "nothing_selected" });
  });

  it("keeps the result within 12 tags, counting removals", () => {
    const ten = { ...character, tags: Array.from({ length: 10 }, (_, i) => `t${i}`) };
    expect(decideTagSuggestion(ten, member, body(["a", "b", "c"]))).toEqual({ kind: "too_many_tags" });
    expect(decideTagSuggestion(ten, member, body(["a", "b", "c"], ["t0"])).kind).toBe("allowed");
  });

  it("hides characters the member may not see and refuses the creator", () => {
    expect(decideTagSuggestion(null, member, body(["a"]))).toEqual({ kind: "not_found" });
    const secret = { ...character, visibility: "private" as const };
    expect(decideTagSuggestion(secret, member, body(["a"]))).toEqual({ kind: "not_found" });
    const creator: Viewer = { ...member, userId: "creator" };
    expect(decideTagSuggestion(secret, creator, body(["a"]))).toEqual({ kind: "own_character" });
  });
});
