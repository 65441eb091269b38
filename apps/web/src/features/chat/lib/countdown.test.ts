import { describe, expect, it } from "vitest";
import { canResubmit, countdownLabel, countdownProgress, ERROR_COUNTDOWN, tickCountdown } from "./countdown";

describe("error countdown", () => {
  it("takes ten 0.5-second ticks to run out and then stays at zero", () => {
    let left: number = ERROR_COUNTDOWN.totalSeconds;
    const seen: number[] = [];
    while (left > 0) {
      left = tickCountdown(left);
      seen.push(left);
    }
    expect(seen).toEqual([4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1, 0.5, 0]);
    expect(tickCountdown(0)).toBe(0);
    expect(ERROR_COUNTDOWN.intervalMs).toBe(500);
  });

  it("fills the progress bar from 0 to 1", () => {
    expect(countdownProgress(5)).toBe(0);
    expect(countdownProgress(2.5)).toBe(0.5);
    expect(countdownProgress(0)).toBe(1);
    expect(countdownProgress(-1)).toBe(1);
  });

  it("allows Resubmit only when no time remains", () => {
    expect(canResubmit(5)).toBe(false);
    expect(canResubmit(0.5)).toBe(false);
    expect(canResubmit(0)).toBe(true);
  });

  it("rounds the seconds label up", () => {
    expect(countdownLabel(5)).toBe("You can try again in 5 seconds.");
    expect(countdownLabel(4.5)).toBe("You can try again in 5 seconds.");
    expect(countdownLabel(0.5)).toBe("You can try again in 1 second.");
  });
});
