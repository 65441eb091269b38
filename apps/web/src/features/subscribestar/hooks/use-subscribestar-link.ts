import {
  SUBSCRIBESTAR_TEXTS,
  type SubscribeStarLinkState,
  type SubscribeStarOauthResponse,
} from "@hearth/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { linkWithCode, readLinkAttempt, startLinkAttempt } from "../api/subscribestar";

export type LinkFlow = {
  state: SubscribeStarLinkState;
  result: SubscribeStarOauthResponse | null;
  /** The server's own words for an error other than the generic one (e.g. already linked elsewhere). */
  detail: string | null;
  /** Sending the member to SubscribeStar's authorize page. */
  redirecting: boolean;
  startError: string | null;
  start: () => void;
};

/** Failures whose own message says nothing more than the error state does. */
const GENERIC_CODES = new Set(["network_error", "internal_error"]);

/**
 * The link page's states (account spec 4): idle until SubscribeStar sends the member back with a code,
 * linking while the server exchanges it, then success, error or invalid_pledge. The code is used once; the
 * address is then replaced by the plain link page, so reloading shows the linked account instead of
 * replaying a used code.
 */
export function useSubscribeStarLink(input: {
  transientId: string | null;
  code: string | null;
  denied: boolean;
}): LinkFlow {
  const { reloadUser } = useSession();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SubscribeStarLinkState>(
    input.denied ? "error" : input.code && input.transientId ? "linking" : "idle",
  );
  const [result, setResult] = useState<SubscribeStarOauthResponse | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current || !input.code || !input.transientId) return;
    ran.current = true;
    window.history.replaceState(window.history.state, "", "/link/subscribestar");
    linkWithCode(input.code, input.transientId)
      .then((answer) => {
        setResult(answer);
        setState("success");
        void queryClient.invalidateQueries({ queryKey: ["subscribestar"] });
        void queryClient.invalidateQueries({ queryKey: ["billing"] });
        reloadUser().catch(() => undefined);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === "invalid_pledge") {
          setState("invalid_pledge");
          return;
        }
        if (
          error instanceof ApiError &&
          !GENERIC_CODES.has(error.code) &&
          error.message !== SUBSCRIBESTAR_TEXTS.error
        ) {
          setDetail(error.message);
        }
        setState("error");
      });
  }, [input.code, input.transientId, queryClient, reloadUser]);

  useEffect(() => {
    if (input.denied) window.history.replaceState(window.history.state, "", "/link/subscribestar");
  }, [input.denied]);

  const start = useCallback(() => {
    setRedirecting(true);
    setStartError(null);
    const attempt = input.transientId
      ? readLinkAttempt(input.transientId).catch(() => startLinkAttempt())
      : startLinkAttempt();
    attempt
      .then((found) => window.location.assign(found.authorize_url))
      .catch((error: unknown) => {
        setRedirecting(false);
        setStartError(error instanceof ApiError ? error.message : "SubscribeStar could not be reached.");
      });
  }, [input.transientId]);

  return { state, result, detail, redirecting, startError, start };
}

/** Seconds left of a countdown from `seconds`, ticking each second; `onDone` once it reaches zero. */
export function useRedirectCountdown(seconds: number, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        window.clearInterval(timer);
        done.current();
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [seconds]);
  return left;
}
