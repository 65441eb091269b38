import { useCallback, useEffect, useRef, useState } from "react";

export type Flash = { text: string; tone: "success" | "danger" };

/** A message that clears itself after `ms` (tag messages 3 s, copy confirmation 2 s). */
export function useFlashMessage(ms: number) {
  const [flash, setFlash] = useState<Flash | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback(
    (text: string, tone: Flash["tone"] = "danger") => {
      window.clearTimeout(timer.current);
      setFlash({ text, tone });
      timer.current = window.setTimeout(() => setFlash(null), ms);
    },
    [ms],
  );
  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setFlash(null);
  }, []);
  return { flash, show, clear };
}
