import { beforeEach, describe, expect, it } from "vitest";
import {
  EMPTY_SUGGESTION,
  loadSuggestion,
  resultingTags,
  sendProblem,
  storeSuggestion,
  suggestAdd,
  toggleRemove,
} from "./tag-suggestions";

const twelve = Array.from({ length: 12 }, (_, i) => `t${i}`);

beforeEach(() => window.localStorage.clear());

describe("tag suggestions", () => {
  it("adds new tags normalized and ignores current or repeated ones", () => {
    let { draft } = suggestAdd(["fantasy"], EMPTY_SUGGESTION, "  Space Opera ");
    expect(draft.add).toEqual(["space opera"]);
    ({ draft } = suggestAdd(["fantasy"], draft, "FANTASY"));
    ({ draft } = suggestAdd(["fantasy"], draft, "space opera"));
    expect(draft).toEqual({ add: ["space opera"], remove: [] });
  });

  it("refuses a 13th tag with 'You can keep only 12 tags !' but allows swapping one out", () => {
    const full = suggestAdd(twelve, EMPTY_SUGGESTION, "extra");
    expect(full.error).toBe("You can keep only 12 tags !");
    expect(full.draft).toEqual(EMPTY_SUGGESTION);
    const removed = toggleRemove(twelve, EMPTY_SUGGESTION, "t0").draft;
    const swapped = suggestAdd(twelve, removed, "extra");
    expect(swapped.error).toBeNull();
    expect(resultingTags(twelve, swapped.draft)).toHaveLength(12);
    // Taking the removal back would make 13.
    expect(toggleRemove(twelve, swapped.draft, "t0").error).toBe("You can keep only 12 tags !");
  });

  it("re-adding a tag marked for removal takes the removal back", () => {
    const marked = toggleRemove(["a", "b"], EMPTY_SUGGESTION, "a").draft;
    expect(suggestAdd(["a", "b"], marked, "A").draft).toEqual(EMPTY_SUGGESTION);
  });

  it("asks to select something before sending", () => {
    expect(sendProblem(["a"], EMPTY_SUGGESTION)).toBe("Please select something !");
    expect(sendProblem(["a"], { add: ["b"], remove: [] })).toBeNull();
  });

  it("keeps the pending suggestion locally per character", () => {
    storeSuggestion(window.localStorage, "c1", { add: ["x"], remove: ["y"] });
    expect(loadSuggestion(window.localStorage, "c1")).toEqual({ add: ["x"], remove: ["y"] });
    expect(loadSuggestion(window.localStorage, "c2")).toEqual(EMPTY_SUGGESTION);
    storeSuggestion(window.localStorage, "c1", EMPTY_SUGGESTION);
    expect(window.localStorage.getItem("hearth.tag-suggestions.c1")).toBeNull();
  });
});
