/** The chat error bar's countdown (chat spec 4 and 9): 5 seconds, in steps of 0.5 every 500 ms. */
export const ERROR_COUNTDOWN = { totalSeconds: 5, stepSeconds: 0.5, intervalMs: 500 } as const;

/** Seconds left after one more tick; never below zero. */
export function tickCountdown(secondsLeft: number): number {
  return Math.max(0, secondsLeft - ERROR_COUNTDOWN.stepSeconds);
}

/** Share of the countdown already elapsed, 0 to 1, for the progress bar. */
export function countdownProgress(secondsLeft: number): number {
  const left = Math.min(Math.max(secondsLeft, 0), ERROR_COUNTDOWN.totalSeconds);
  return (ERROR_COUNTDOWN.totalSeconds - left) / ERROR_COUNTDOWN.totalSeconds;
}

/** Resubmit stays disabled while time remains. */
export function canResubmit(secondsLeft: number): boolean {
  return secondsLeft <= 0;
}

/** 'You can try again in N seconds.' with N rounded up to whole seconds. */
export function countdownLabel(secondsLeft: number): string {
  const seconds = Math.ceil(secondsLeft);
  return `You can try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`;
}
