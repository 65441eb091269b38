import { describe, expect, it } from "vitest";
import { makeUser } from "../../../test/session-fixtures";
import { needsLegacyOnboarding, needsOnboardingModal } from "./onboarding-visibility";

const base = { status: "member" as const, flagOn: true, partnerMode: false, pathname: "/" };

describe("onboarding visibility", () => {
  it("shows the modal to an active member without a username", () => {
    expect(needsOnboardingModal({ ...base, user: makeUser({ username: null }) })).toBe(true);
    expect(needsLegacyOnboarding("member", makeUser({ username: null }), false, false)).toBe(true);
  });

  it("never asks a limited or restricted account to save a username (the server refuses it)", () => {
    for (const status of ["limited", "restricted"] as const) {
      const user = makeUser({ username: null, status });
      expect(needsOnboardingModal({ ...base, user })).toBe(false);
      expect(needsLegacyOnboarding("member", user, false, false)).toBe(false);
    }
  });
});
