import { useEffect, useRef } from "react";

/** Runs `reset` each time a dialog opens, so it starts from the current values. */
export function useOnOpen(open: boolean, reset: () => void): void {
  const resetRef = useRef(reset);
  resetRef.current = reset;
  useEffect(() => {
    if (open) resetRef.current();
  }, [open]);
}
