import { useEffect, useState } from "react";
import { ERROR_COUNTDOWN, tickCountdown } from "../lib/countdown";

/** Seconds left of the error countdown, restarted whenever `restartKey` changes (a new error). */
export function useCountdown(restartKey: unknown): number {
  const [left, setLeft] = useState<number>(ERROR_COUNTDOWN.totalSeconds);
  useEffect(() => {
    void restartKey;
    setLeft(ERROR_COUNTDOWN.totalSeconds);
    const timer = window.setInterval(() => {
      setLeft((current) => {
        const next = tickCountdown(current);
        if (next === 0) window.clearInterval(timer);
        return next;
      });
    }, ERROR_COUNTDOWN.intervalMs);
    return () => window.clearInterval(timer);
  }, [restartKey]);
  return left;
}
