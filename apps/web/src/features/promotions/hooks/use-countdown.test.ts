import { describe, expect, it } from "vitest";
import { countdownTo } from "./use-countdown";

describe("countdownTo", () => {
  it("splits the time left into days, hours, minutes and seconds", () => {
    const now = Date.parse("2026-05-31T12:00:00Z");
    expect(countdownTo("2026-06-04T00:00:00Z", now)).toEqual({
      days: 3,
      hours: 12,
      minutes: 0,
      seconds: 0,
      over: false,
    });
    expect(countdownTo("2026-05-31T13:01:05Z", now)).toMatchObject({
      days: 0,
      hours: 1,
      minutes: 1,
      seconds: 5,
    });
  });

  it("stops at zero", () => {
    expect(countdownTo("2026-05-31T00:00:00Z", Date.parse("2026-06-01T00:00:00Z"))).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      over: true,
    });
  });
});
