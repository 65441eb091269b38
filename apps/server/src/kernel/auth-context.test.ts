import { describe, expect, it } from "vitest";
import { AppError } from "../http/errors";
import { GUEST_AUTH, memberAuth } from "../policy-fixtures";
import { ANONYMOUS, optionalMember, requireMember } from "./auth-context";

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? [error.statusCode, error.code] : error;
  }
  return null;
};

describe("requireMember", () => {
  it("answers the member's row", () => {
    const auth = memberAuth("free");
    expect(auth.kind === "member" && requireMember(auth) === auth.user).toBe(true);
  });

  it("refuses as the route guard would: 401 without a session, 403 for a guest", () => {
    expect(refusal(() => requireMember(ANONYMOUS))).toEqual([401, "unauthenticated"]);
    expect(refusal(() => requireMember(GUEST_AUTH))).toEqual([403, "forbidden"]);
  });
});

describe("optionalMember", () => {
  it("answers the member's row, and null for guests and anonymous visitors", () => {
    const auth = memberAuth("free");
    expect(auth.kind === "member" && optionalMember(auth) === auth.user).toBe(true);
    expect(optionalMember(GUEST_AUTH)).toBeNull();
    expect(optionalMember(ANONYMOUS)).toBeNull();
  });
});
