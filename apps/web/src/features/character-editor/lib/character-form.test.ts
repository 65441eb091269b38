import { describe, expect, it } from "vitest";
import {
  changedFields,
  EMPTY_FORM,
  toCreateBody,
  toFormValues,
  validateCharacterForm,
} from "./character-form";
import { addTags, removeTag } from "./tag-list";

describe("character form validation (the server's rules)", () => {
  it("requires a name and limits the title to 50 characters", () => {
    expect(validateCharacterForm(EMPTY_FORM).name).toBe("Name is required");
    const errors = validateCharacterForm({ ...EMPTY_FORM, name: "Aria", title: "x".repeat(51) });
    expect(errors).toEqual({ title: "Title must be at most 50 characters" });
    expect(validateCharacterForm({ ...EMPTY_FORM, name: "Aria" })).toEqual({});
  });

  it("refuses more than 12 tags with the spec's message", () => {
    const tags = Array.from({ length: 13 }, (_, i) => `tag${i}`);
    expect(validateCharacterForm({ ...EMPTY_FORM, name: "Aria", tags }).tags).toBe(
      "You can keep only 12 tags !",
    );
  });

  it("does not send the moderation-only permanently private visibility", () => {
    const body = toCreateBody({ ...EMPTY_FORM, name: " Aria ", visibility: "permanently_private" });
    expect(body.name).toBe("Aria");
    expect(body.visibility).toBe("private");
    expect(validateCharacterForm({ ...EMPTY_FORM, name: "Aria", visibility: "permanently_private" })).toEqual(
      {},
    );
  });

  it("answers only the changed fields, normalized", () => {
    const original = toFormValues({ name: "Aria", title: "Bard", tags: ["fantasy"], visibility: "public" });
    const current = { ...original, title: "Bard ", greeting: "Hi", tags: ["fantasy", "Music"] };
    expect(changedFields(original, current)).toEqual({ greeting: "Hi", tags: ["fantasy", "music"] });
    expect(changedFields(original, original)).toEqual({});
  });
});

describe("tag list", () => {
  it("adds trimmed, lower-cased tags once, comma separated", () => {
    expect(addTags(["fantasy"], " Romance , fantasy,,Sci  Fi ")).toEqual({
      tags: ["fantasy", "romance", "sci fi"],
      error: null,
    });
  });

  it("stops at 12 tags with 'You can keep only 12 tags !'", () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `t${i}`);
    expect(addTags(eleven, "a, b")).toEqual({ tags: [...eleven, "a"], error: "You can keep only 12 tags !" });
    expect(addTags([...eleven, "a"], "a").error).toBeNull();
  });

  it("removes a tag", () => {
    expect(removeTag(["a", "b"], "a")).toEqual(["b"]);
  });
});
