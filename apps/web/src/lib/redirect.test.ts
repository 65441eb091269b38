import { describe, expect, it } from "vitest";
import { loginPathFor, sanitizeRedirect } from "./redirect";

describe("sanitizeRedirect", () => {
  it.each([
    ["/chats", "/chats"],
    ["/chat/abc/def?x=1#m", "/chat/abc/def?x=1#m"],
    ["/my-chatbots?tab=drafts", "/my-chatbots?tab=drafts"],
    ["/", "/"],
  ])("keeps same-site path %s", (input, expected) => {
    expect(sanitizeRedirect(input)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    "",
    "//evil.example.com",
    "//evil.example.com/path",
    "/\\evil.example.com",
    "https://evil.example.com",
    "http:/evil.example.com",
    "javascript:alert(1)",
    "evil.example.com",
    "chats",
    "/\t/evil.example.com",
    "/foo\nbar",
    "/login",
    "/register?redirect=/x",
  ])("falls back for %s", (input) => {
    expect(sanitizeRedirect(input)).toBe("/");
  });

  it("uses the given fallback", () => {
    expect(sanitizeRedirect("//x", "/home")).toBe("/home");
  });

  it("normalises dot segments without leaving the site", () => {
    expect(sanitizeRedirect("/a/../chats")).toBe("/chats");
    expect(sanitizeRedirect("/../../x")).toBe("/x");
  });
});

describe("loginPathFor", () => {
  it("encodes the original path and search", () => {
    expect(loginPathFor("/chats?x=1&y=2")).toBe("/login?redirect=%2Fchats%3Fx%3D1%26y%3D2");
  });
  it("leaves the param out for home and unsafe targets", () => {
    expect(loginPathFor("/")).toBe("/login");
    expect(loginPathFor("//evil")).toBe("/login");
  });
});
