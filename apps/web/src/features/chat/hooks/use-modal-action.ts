import { useState } from "react";
import { OTHER_ERROR } from "../lib/chat-errors";

/**
 * A modal's confirm action: `run` marks it pending and clears the last error, and shows a failure's
 * message (or the generic one) as `error` when the action throws.
 */
export function useModalAction(): {
  pending: boolean;
  error: string | null;
  setError: (error: string | null) => void;
  run: (action: () => Promise<void>) => Promise<void>;
} {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : OTHER_ERROR);
    } finally {
      setPending(false);
    }
  };
  return { pending, error, setError, run };
}
