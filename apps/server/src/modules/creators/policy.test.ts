import { describe, expect, it } from "vitest";
import { can as blockCan } from "../blocks/index";
import { can } from "./policy";

const creator = { id: "creator" };

describe("creators can", () => {
  it("shows all live characters to the creator only", () => {
    expect(can({ userId: "creator" }, "see_all_characters", creator)).toBe(true);
    expect(can({ userId: "other" }, "see_all_characters", creator)).toBe(false);
    expect(can({ userId: null }, "see_all_characters", creator)).toBe(false);
  });
});

describe("blocks can", () => {
  it("lets a member block any creator but themselves", () => {
    expect(blockCan({ userId: "other" }, "block", creator)).toBe(true);
    expect(blockCan({ userId: "creator" }, "block", creator)).toBe(false);
    expect(blockCan({ userId: null }, "block", creator)).toBe(false);
  });
});
