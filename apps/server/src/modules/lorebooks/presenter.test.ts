import type { PromptReport } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { presentPromptReport } from "./presenter";

const REPORT: PromptReport = {
  fired: [
    {
      source_kind: "character",
      source_id: "visible",
      book_name: "Open",
      entry_id: "0",
      entry_name: "Moonfall",
      position: "before_char",
      tokens: 3,
      reason: { kind: "key", key: "Moonfall", secondary: [] },
    },
    {
      source_kind: "character",
      source_id: "hidden",
      book_name: "Veiled",
      entry_id: "1",
      entry_name: "Secret",
      position: "after_char",
      tokens: 4,
      reason: { kind: "key", key: "password", secondary: ["swordfish"] },
    },
    {
      source_kind: "member",
      source_id: "hidden",
      book_name: "Mine",
      entry_id: "2",
      entry_name: "Mine",
      position: "at_depth",
      tokens: 1,
      reason: { kind: "constant" },
    },
  ],
  skipped: [],
  parts: [{ part: "history", tokens: 10 }],
};

describe("presentPromptReport", () => {
  it("hides the reasons of entries from books of characters whose definition the viewer may not see", () => {
    const presented = presentPromptReport("m", REPORT, new Set(["visible"]));
    expect(presented.report?.fired.map((entry) => entry.reason)).toEqual([
      { kind: "key", key: "Moonfall", secondary: [] },
      { kind: "hidden" },
      { kind: "constant" },
    ]);
    expect(JSON.stringify(presented)).not.toContain("swordfish");
  });

  it("answers no report for a reply without one, or one that no longer reads", () => {
    expect(presentPromptReport("m", null, new Set())).toEqual({ message_id: "m", report: null });
    expect(presentPromptReport("m", { fired: "?" }, new Set())).toEqual({ message_id: "m", report: null });
  });
});
