import { useEffect, useState } from "react";

/**
 * Seconds left of a countdown that starts at `from` when `running` turns true and ticks once a second
 * down to zero. Restarts from `from` each time it starts.
 */
export function useCountdown(from: number, running: boolean): number {
  const [left, setLeft] = useState(from);
  useEffect(() => {
    if (!running) return;
    setLeft(from);
    const timer = window.setInterval(() => {
      setLeft((current) => {
        const next = Math.max(0, current - 1);
        if (next === 0) window.clearInterval(timer);
        return next;
      });
    }, 1000);
    return () => window.clearInterval(timer);
  }, [from, running]);
  return running ? left : from;
}
