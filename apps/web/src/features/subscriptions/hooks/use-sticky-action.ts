import type { StickyActionBody, StickyActionResponse } from "@hearth/contracts";
import { useState } from "react";
import { updateStickySubscription } from "../../../api/billing";

export type StickyActionState = {
  submitting: boolean;
  /** The server's message for a refused action, or the request's error. */
  error: string | null;
  setError: (error: string | null) => void;
  /** Sends the action once (ignored while one is in flight); a SUCCESS goes to `onChanged`. */
  send: (body: StickyActionBody) => Promise<void>;
};

/** A dialog's own sticky action (the plan and card dialogs): the submitting flag and the error to show. */
export function useStickyAction(onChanged: (response: StickyActionResponse) => void): StickyActionState {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send(body: StickyActionBody) {
    if (submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const response = await updateStickySubscription(body);
      if (response.status === "SUCCESS") {
        onChanged(response);
        return;
      }
      setError(response.message);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Uh oh, something went wrong");
    }
    setSubmitting(false);
  }

  return { submitting, error, setError, send };
}
