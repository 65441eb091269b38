import { describe, expect, it } from "vitest";
import { authorName, currentUserName, FALLBACK_USER_NAME } from "./user-name";

describe("currentUserName", () => {
  it("prefers the persona, then the member's name, then the username", () => {
    expect(currentUserName({ name: "Captain Vega" }, { name: "Ada", username: "ada" })).toBe("Captain Vega");
    expect(currentUserName(null, { name: "Ada", username: "ada" })).toBe("Ada");
    expect(currentUserName(null, { name: null, username: "ada" })).toBe("ada");
  });

  it("gives a guest the server's fallback, whether or not the guest identity exists yet", () => {
    expect(currentUserName(null, null)).toBe(FALLBACK_USER_NAME);
    expect(currentUserName(null, { name: null, username: null })).toBe(FALLBACK_USER_NAME);
  });
});

describe("authorName", () => {
  const names = { character: "Luna", user: "Captain Vega" };

  it("keeps the persona a message was written as after a persona change", () => {
    expect(authorName({ role: "user", persona_name: "Ada" }, names)).toBe("Ada");
  });

  it("shows the current name for messages saved without one, and the character for replies", () => {
    expect(authorName({ role: "user", persona_name: null }, names)).toBe("Captain Vega");
    expect(authorName({ role: "bot", persona_name: null }, names)).toBe("Luna");
  });
});
