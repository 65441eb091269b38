import { ROLE_PERMISSIONS } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { can, type TrainingActor } from "./policy";

const character = {
  id: "c1",
  creatorUserId: "creator",
  isDeleted: false,
  isUnderage: false,
  isNsfw: false,
  visibility: "public" as const,
  moderationStatus: null,
  definitionVisible: false,
};

const actor = (role: keyof typeof ROLE_PERMISSIONS, userId = "member"): TrainingActor => ({
  userId,
  brand: "adult",
  allowsNsfw: false,
  permissions: ROLE_PERMISSIONS[role],
});

describe("training can", () => {
  it("lets only members with image_training (I'm All In) train a character they can see", () => {
    expect(can(actor("premium"), "train", character)).toBe(true);
    for (const role of ["free", "minimal", "basic"] as const) {
      expect(can(actor(role), "train", character)).toBe(false);
      expect(can(actor(role), "view_status", character)).toBe(true);
    }
  });

  it("refuses characters the member cannot see, and lets their creator train private ones", () => {
    const hidden = { ...character, visibility: "private" as const };
    expect(can(actor("premium"), "train", hidden)).toBe(false);
    expect(can(actor("premium"), "view_status", hidden)).toBe(false);
    expect(can(actor("premium", "creator"), "train", hidden)).toBe(true);
    expect(can(actor("premium"), "train", { ...character, isDeleted: true })).toBe(false);
    expect(can(actor("premium"), "train", { ...character, moderationStatus: "pending" as const })).toBe(
      false,
    );
  });
});
