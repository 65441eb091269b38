import type { AuthResponse } from "@hearth/contracts";
import { ApiError } from "../../../lib/api-client";
import { refresh } from "../api/refresh";

/** Wraps a refresh call so concurrent callers share one request (the refresh cookie rotates on use). */
export function dedupe<T>(fn: () => Promise<T>): () => Promise<T> {
  let inflight: Promise<T> | null = null;
  return () => {
    if (!inflight) {
      inflight = fn().finally(() => {
        inflight = null;
      });
    }
    return inflight;
  };
}

/** A failure that says nothing about the session: offline, rate limited, or a server error. */
export function isTransient(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === "network_error" || error.status === 429 || error.status >= 500)
  );
}

/** Waits between tries of a refresh that failed transiently, so a busy server does not sign anyone out. */
export const REFRESH_RETRY_DELAYS_MS = [500, 1500, 3000] as const;

export function retryTransient<T>(
  fn: () => Promise<T>,
  delays: readonly number[] = REFRESH_RETRY_DELAYS_MS,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): () => Promise<T> {
  return async () => {
    for (const delay of delays) {
      try {
        return await fn();
      } catch (error) {
        if (!isTransient(error)) throw error;
        await wait(delay);
      }
    }
    return fn();
  };
}

export const refreshOnce: () => Promise<AuthResponse> = dedupe(retryTransient(refresh));
