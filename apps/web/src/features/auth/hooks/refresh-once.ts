import type { AuthResponse } from "@hearth/contracts";
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

export const refreshOnce: () => Promise<AuthResponse> = dedupe(refresh);
