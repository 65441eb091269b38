import { describe, expect, it } from "vitest";
import { configBlock } from "./static";

describe("configBlock", () => {
  it("keeps every value inside the JSON element, whatever it contains", () => {
    const config = { footer: "</script><script>alert(1)</script>", name: "A <b>" };
    const block = configBlock(config);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(block.endsWith("</script>")).toBe(true);
    const json = block.slice(block.indexOf(">") + 1, -"</script>".length);
    expect(JSON.parse(json)).toEqual(config);
  });
});
