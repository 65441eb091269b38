import { describe, expect, it } from "vitest";
import { POLICY_CHARACTER } from "../../policy-fixtures";
import { administersCharacters, allowsNsfw, can, decideEdit } from "./policy";
import type { Viewer } from "./viewer";

const character = { ...POLICY_CHARACTER, avatarIsNsfw: true };
const creator: Viewer = { userId: "creator", brand: "adult", allowsNsfw: false };
const member: Viewer = { userId: "member", brand: "adult", allowsNsfw: false };
const visitor: Viewer = { userId: null, brand: "adult", allowsNsfw: false };
const admin: Viewer = { userId: "admin", brand: "adult", allowsNsfw: false, isAdmin: true };

describe("characters can", () => {
  it("views public characters and private ones only as their creator", () => {
    expect(can(visitor, "view", character)).toBe(true);
    const secret = { ...character, visibility: "private" as const };
    expect(can(member, "view", secret)).toBe(false);
    expect(can(creator, "view", secret)).toBe(true);
    expect(can(creator, "view", { ...character, isDeleted: true })).toBe(false);
  });

  it("keeps a character held by moderation (any moderation status) from everyone but its creator", () => {
    for (const moderationStatus of ["pending", "rereview_required", "fix_required"] as const) {
      const held = { ...character, moderationStatus };
      expect(can(member, "view", held)).toBe(false);
      expect(can(visitor, "view", held)).toBe(false);
      expect(can(creator, "view", held)).toBe(true);
    }
  });

  it("shows the definition, moderation and an NSFW avatar to the creator", () => {
    expect(can(member, "see_definition", character)).toBe(false);
    expect(can(creator, "see_definition", character)).toBe(true);
    expect(can(member, "see_moderation", character)).toBe(false);
    expect(can(creator, "see_moderation", character)).toBe(true);
    expect(can(member, "see_avatar", character)).toBe(false);
    expect(can({ ...member, allowsNsfw: true }, "see_avatar", character)).toBe(true);
    expect(can(creator, "see_avatar", character)).toBe(true);
  });

  it("favorites others' visible characters, and lets only the creator dismiss tag suggestions", () => {
    expect(can(member, "favorite", character)).toBe(true);
    expect(can(creator, "favorite", character)).toBe(false);
    expect(can(member, "favorite", { ...character, visibility: "private" as const })).toBe(false);
    expect(can(creator, "dismiss_tag_suggestion", character)).toBe(true);
    expect(can(member, "dismiss_tag_suggestion", character)).toBe(false);
  });

  it("lets an admin read and edit any character that is not deleted; the creator keeps their rules", () => {
    const held = { ...character, visibility: "private" as const, moderationStatus: "pending" as const };
    expect(can(admin, "administer", held)).toBe(true);
    expect(can(admin, "see_definition", held)).toBe(true);
    expect(can(admin, "see_moderation", held)).toBe(true);
    expect(can(admin, "administer", { ...character, isDeleted: true })).toBe(false);
    expect(can(member, "administer", character)).toBe(false);
    expect(decideEdit(held, admin)).toBe("as_admin");
    expect(decideEdit(character, admin)).toBe("as_admin");
    expect(decideEdit({ ...character, isDeleted: true }, admin)).toBe("not_found");
    expect(decideEdit(held, creator)).toBe("under_review");
    expect(decideEdit(character, creator)).toBe("allowed");
    expect(decideEdit(character, member)).toBe("not_creator");
    expect(decideEdit(held, member)).toBe("not_found");
    // An admin's own character follows the creator's rules.
    expect(decideEdit({ ...held, creatorUserId: "admin" }, admin)).toBe("under_review");
  });

  it("keeps an NSFW mark moderation set: the creator may not un-mark it, an admin editing it may", () => {
    const marked = { ...character, isNsfw: true, nsfwSetByModeration: true };
    expect(can(creator, "unmark_nsfw", marked)).toBe(false);
    expect(can(creator, "unmark_nsfw", { ...marked, nsfwSetByModeration: false })).toBe(true);
    expect(can(creator, "unmark_nsfw", { ...marked, isNsfw: false })).toBe(true);
    expect(can(admin, "unmark_nsfw", marked)).toBe(true);
    // An admin's own character follows the creator's rule; a deleted one is nobody's to edit.
    expect(can(admin, "unmark_nsfw", { ...marked, creatorUserId: "admin" })).toBe(false);
    expect(can(admin, "unmark_nsfw", { ...marked, isDeleted: true })).toBe(false);
  });
});

describe("characters allowsNsfw", () => {
  it("shows adult content to members who turned it on, never on the safe-for-work brand", () => {
    expect(allowsNsfw("adult", { showNsfw: true })).toBe(true);
    expect(allowsNsfw("adult", { showNsfw: false })).toBe(false);
    expect(allowsNsfw("sfw", { showNsfw: true })).toBe(false);
  });
});

describe("characters administersCharacters", () => {
  it("is the admin role only", () => {
    expect(administersCharacters({ role: "admin" })).toBe(true);
    for (const role of ["free", "minimal", "basic", "premium"] as const) {
      expect(administersCharacters({ role })).toBe(false);
    }
  });
});
