import { describe, expect, it } from "vitest";
import { eventBodySchema } from "./config";
import { LIMITS } from "./constants";

describe("analytics event body", () => {
  it("caps the payload by its UTF-8 bytes, not its characters", () => {
    // Each "é" is 2 bytes: half the cap in characters is already the whole cap in bytes.
    const fits = { text: "a".repeat(LIMITS.eventPayloadMaxBytes - 20) };
    const tooBig = { text: "é".repeat(LIMITS.eventPayloadMaxBytes / 2) };
    expect(eventBodySchema.safeParse({ event_name: "page_view", payload: fits }).success).toBe(true);
    const refused = eventBodySchema.safeParse({ event_name: "page_view", payload: tooBig });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(["payload"]);
  });
});
