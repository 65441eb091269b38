import { useCallback, useEffect, useState } from "react";

export type Toast = { text: string; tone: "ok" | "error" };

/** A short notice under the conversation that goes away after `durationMs`. */
export function useToast(durationMs: number) {
  const [toast, setToast] = useState<Toast | null>(null);
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), durationMs);
    return () => window.clearTimeout(timer);
  }, [toast, durationMs]);
  const show = useCallback((text: string, tone: Toast["tone"] = "ok") => setToast({ text, tone }), []);
  return [toast, show] as const;
}
