import { describe, expect, it } from "vitest";
import { POLICY_CHARACTER } from "../../policy-fixtures";
import { can, decideCloseReview, type ModerationActor } from "./policy";

const member: ModerationActor = {
  role: "free",
  viewer: { userId: "member", brand: "adult", allowsNsfw: false },
};
const creator: ModerationActor = {
  role: "free",
  viewer: { userId: "creator", brand: "adult", allowsNsfw: false },
};
const admin: ModerationActor = {
  role: "admin",
  viewer: { userId: "admin", brand: "adult", allowsNsfw: false },
};

describe("moderation policy", () => {
  it("lets members report what they may see, their own characters included", () => {
    expect(can(member, "report", POLICY_CHARACTER)).toBe(true);
    const secret = { ...POLICY_CHARACTER, visibility: "private" as const };
    expect(can(member, "report", secret)).toBe(false);
    expect(can(creator, "report", secret)).toBe(true);
    expect(can(member, "report", { ...POLICY_CHARACTER, isDeleted: true })).toBe(false);
    expect(can(member, "report", { ...POLICY_CHARACTER, moderationStatus: "pending" as const })).toBe(false);
  });

  it("lets admins moderate characters that are not deleted, and read the review table", () => {
    expect(can(admin, "moderate", { isDeleted: false })).toBe(true);
    expect(can(admin, "moderate", { isDeleted: true })).toBe(false);
    expect(can(member, "moderate", { isDeleted: false })).toBe(false);
    expect(can(admin, "review", null)).toBe(true);
    expect(can(member, "review", null)).toBe(false);
  });

  it("closes open reviews about the character acted on", () => {
    const review = { status: "open" as const, characterId: "c1" };
    expect(decideCloseReview(review, "c1")).toBe("allowed");
    expect(decideCloseReview(review)).toBe("allowed");
    expect(decideCloseReview(review, "c2")).toBe("other_character");
    expect(decideCloseReview({ ...review, status: "closed" }, "c1")).toBe("closed");
    expect(decideCloseReview(null, "c1")).toBe("not_found");
  });
});
