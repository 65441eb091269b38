import type { StickyActionBody, StickyActionResponse, Subscription } from "@hearth/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { billingKeys, updateStickySubscription, useTokenRefresh } from "../../../api/billing";
import { withStatus } from "../lib/portal";

type Action = StickyActionBody["action"];

/** The message shown under the subscription card after an action (spec 7 and 8). */
export type PortalMessage = { tone: "success" | "danger"; text: string };

export type PortalActionsState = {
  /** The action being sent, if any. */
  pending: Action | null;
  message: PortalMessage | null;
  /** A declined `charge_rebill`: shown in place of the payment-failed text (spec 8). */
  failedRebill: string | null;
  /**
   * Sends an action for the subscription. Cancel and uncancel take the server's subscription_status at
   * once; every action reloads the subscription; a plan change refreshes the auth token 5 s later.
   */
  run: (body: StickyActionBody) => Promise<StickyActionResponse | null>;
  /** Takes an answer sent elsewhere (the plan and card dialogs send their own). */
  settle: (action: Action, response: StickyActionResponse) => void;
};

export function usePortalActions(onSettled?: () => void): PortalActionsState {
  const queryClient = useQueryClient();
  const refreshTokenLater = useTokenRefresh();
  const [pending, setPending] = useState<Action | null>(null);
  const [message, setMessage] = useState<PortalMessage | null>(null);
  const [failedRebill, setFailedRebill] = useState<string | null>(null);

  const settle = useCallback(
    (action: Action, response: StickyActionResponse) => {
      const ok = response.status === "SUCCESS";
      if (action === "charge_rebill" && !ok) {
        setFailedRebill(response.message);
        setMessage(null);
      } else {
        setFailedRebill(null);
        setMessage({ tone: ok ? "success" : "danger", text: response.message });
      }
      queryClient.setQueryData<Subscription[]>(billingKeys.sticky, (list) => withStatus(list, response));
      void queryClient.invalidateQueries({ queryKey: billingKeys.sticky });
      void queryClient.invalidateQueries({ queryKey: billingKeys.history });
      if (ok && action === "change_plan") refreshTokenLater();
      onSettled?.();
    },
    [queryClient, refreshTokenLater, onSettled],
  );

  const run = useCallback(
    async (body: StickyActionBody): Promise<StickyActionResponse | null> => {
      setPending(body.action);
      setMessage(null);
      try {
        const response = await updateStickySubscription(body);
        settle(body.action, response);
        return response;
      } catch (error) {
        setMessage({
          tone: "danger",
          text: error instanceof Error ? error.message : "Uh oh, something went wrong",
        });
        void queryClient.invalidateQueries({ queryKey: billingKeys.sticky });
        onSettled?.();
        return null;
      } finally {
        setPending(null);
      }
    },
    [settle, queryClient, onSettled],
  );

  return { pending, message, failedRebill, run, settle };
}
