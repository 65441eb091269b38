import { beforeEach, describe, expect, it } from "vitest";
import { deleteDraft, draftStorageKey, getDraft, isEmptyDraft, listDrafts, saveDraft } from "./draft-storage";

beforeEach(() => window.localStorage.clear());

const storage = () => window.localStorage;

describe("draft storage", () => {
  it("saves, reads back and lists drafts per user, newest first", () => {
    saveDraft(storage(), "u1", "d1", { name: "Aria" }, new Date("2026-01-01T00:00:00Z"));
    saveDraft(storage(), "u1", "d2", { name: "Vex", tags: ["scifi"] }, new Date("2026-01-02T00:00:00Z"));
    saveDraft(storage(), "u2", "d3", { name: "Other user" });

    expect(getDraft(storage(), "u1", "d1")?.values).toEqual({ name: "Aria" });
    expect(listDrafts(storage(), "u1").map((d) => d.id)).toEqual(["d2", "d1"]);
    expect(listDrafts(storage(), "u2").map((d) => d.id)).toEqual(["d3"]);
    expect(getDraft(storage(), "u2", "d1")).toBeNull();
  });

  it("replaces a draft saved again under the same id", () => {
    saveDraft(storage(), "u1", "d1", { name: "Ar" });
    saveDraft(storage(), "u1", "d1", { name: "Aria", greeting: "Hello" });
    expect(listDrafts(storage(), "u1")).toHaveLength(1);
    expect(getDraft(storage(), "u1", "d1")?.values).toEqual({ name: "Aria", greeting: "Hello" });
  });

  it("drops a draft that became empty and removes the key when none is left", () => {
    saveDraft(storage(), "u1", "d1", { name: "Aria" });
    saveDraft(storage(), "u1", "d1", { name: "  ", tags: [] });
    expect(getDraft(storage(), "u1", "d1")).toBeNull();
    expect(storage().getItem(draftStorageKey("u1"))).toBeNull();
  });

  it("deletes one draft and keeps the others", () => {
    saveDraft(storage(), "u1", "d1", { name: "Aria" });
    saveDraft(storage(), "u1", "d2", { name: "Vex" });
    deleteDraft(storage(), "u1", "d1");
    expect(listDrafts(storage(), "u1").map((d) => d.id)).toEqual(["d2"]);
  });

  it("survives damaged storage: bad JSON reads as no drafts, a bad entry is skipped", () => {
    storage().setItem(draftStorageKey("u1"), "{not json");
    expect(listDrafts(storage(), "u1")).toEqual([]);
    storage().setItem(
      draftStorageKey("u1"),
      JSON.stringify({
        good: { id: "good", updated_at: "2026-01-01T00:00:00Z", values: { name: "Aria" } },
        bad: { id: "bad", values: 42 },
        mismatched: { id: "other", updated_at: "2026-01-01T00:00:00Z", values: {} },
      }),
    );
    expect(listDrafts(storage(), "u1").map((d) => d.id)).toEqual(["good"]);
  });

  it("treats blank texts without tags or avatar as empty", () => {
    expect(isEmptyDraft({})).toBe(true);
    expect(isEmptyDraft({ name: " ", visibility: "private", is_nsfw: true })).toBe(true);
    expect(isEmptyDraft({ tags: ["x"] })).toBe(false);
    expect(isEmptyDraft({ avatar_url: "/uploads/avatars/a.webp" })).toBe(false);
    expect(isEmptyDraft({ scenario: "x" })).toBe(false);
  });
});
