import { useEffect, useState } from "react";

export type Countdown = { days: number; hours: number; minutes: number; seconds: number; over: boolean };

/** The time left until `target` (ISO) in days, hours, minutes and seconds, ticking every second. */
export function countdownTo(target: string, now: number): Countdown {
  const left = Math.max(0, Math.floor((Date.parse(target) - now) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    over: left === 0,
  };
}

export function useCountdown(target: string | null | undefined): Countdown | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!target) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [target]);
  return target ? countdownTo(target, now) : null;
}
