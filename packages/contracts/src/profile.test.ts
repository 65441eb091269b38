import { describe, expect, it } from "vitest";
import {
  emailUpdateBodySchema,
  externalUsernameSchema,
  isDomainListed,
  isHiddenRelayEmail,
  onboardingProblems,
  usernameSchema,
} from "./profile";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe("username rules", () => {
  it("gives the spec's message for each rule, first failing rule first", () => {
    expect(firstMessage(usernameSchema.safeParse(""))).toBe("Username can't be empty");
    expect(firstMessage(usernameSchema.safeParse("a!"))).toBe("Username is too short");
    expect(firstMessage(usernameSchema.safeParse("x".repeat(21)))).toBe(
      "Username should be less then 20 characters",
    );
    expect(firstMessage(usernameSchema.safeParse("ab cd"))).toBe("Username contain invalid characters");
    expect(firstMessage(externalUsernameSchema.safeParse("abc"))).toBe(
      "Username is too short, it should be at least 4 characters long.",
    );
  });

  it("trims and lower-cases valid names", () => {
    expect(usernameSchema.parse(" Some_User-1 ")).toBe("some_user-1");
  });
});

describe("onboarding problems", () => {
  const complete = {
    guidelines_accepted: true,
    username: "ada_l",
    name: "Ada",
    age_confirmed: true,
    toc_accepted: true,
  };

  it("asks nothing on the welcome step and everything before done", () => {
    expect(onboardingProblems({ ...complete, username: null, age_confirmed: false }, "welcome")).toEqual({});
    expect(onboardingProblems(complete, "done")).toEqual({});
    expect(onboardingProblems({ ...complete, guidelines_accepted: false }, "guidelines")).toEqual({});
    expect(
      onboardingProblems(
        { guidelines_accepted: false, username: "x", name: null, age_confirmed: false, toc_accepted: false },
        "done",
      ),
    ).toEqual({
      username: "Username is too short",
      name: "Name can't be empty",
      age_confirmed: "You must confirm that you are 18 years or older.",
      toc_accepted: "You must agree with the terms and conditions.",
      guidelines_accepted: "You must agree to the community guidelines to continue.",
    });
  });
});

describe("email", () => {
  it("validates with the spec's messages and recognises hidden relay and listed domains", () => {
    expect(firstMessage(emailUpdateBodySchema.safeParse({ email: "" }))).toBe("Email can not be empty");
    expect(firstMessage(emailUpdateBodySchema.safeParse({ email: "nope" }))).toBe(
      "Please enter a valid email address",
    );
    expect(emailUpdateBodySchema.parse({ email: " A@B.Example " }).email).toBe("a@b.example");
    expect(isHiddenRelayEmail("x1@privaterelay.appleid.com")).toBe(true);
    expect(isHiddenRelayEmail("x1@appleid.com")).toBe(false);
    expect(isDomainListed("mail.spam.test", ["spam.test"])).toBe(true);
    expect(isDomainListed("notspam.test", ["spam.test"])).toBe(false);
  });
});
