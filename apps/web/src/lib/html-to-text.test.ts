import { describe, expect, it } from "vitest";
import { htmlToText } from "./html-to-text";

describe("htmlToText", () => {
  it("drops tags and scripts, decodes entities", () => {
    expect(htmlToText('<p>&copy; 2025 <a href="x">Hearth</a><script>alert(1)</script></p>')).toBe(
      "© 2025 Hearth",
    );
  });
  it("handles empty input", () => expect(htmlToText("")).toBe(""));
});
