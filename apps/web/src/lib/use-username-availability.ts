import { PROFILE_LIMITS, TIMINGS, USERNAME_PATTERN } from "@hearth/contracts";
import { useEffect, useState } from "react";
import { fetchUsernameAvailable } from "../api/username-availability";

/**
 * Username check (account spec 4): after a 500 ms pause in typing and from 3 characters, asks the server
 * and shows Checking, Available or Not Available. `invalid` covers 1-2 characters and characters outside
 * the allowed set, which the server would refuse to check ("Username is invalid"). The user's own saved
 * username is not checked.
 */
export type UsernameAvailabilityStatus =
  | "idle"
  | "invalid"
  | "checking"
  | "available"
  | "unavailable"
  | "error";

export function usernameCheckable(
  username: string,
  min: number = PROFILE_LIMITS.usernameMin,
): "empty" | "invalid" | "ok" {
  const value = username.trim();
  if (!value) return "empty";
  if (value.length < min || value.length > PROFILE_LIMITS.usernameMax) return "invalid";
  return USERNAME_PATTERN.test(value) ? "ok" : "invalid";
}

export function useUsernameAvailability(
  username: string,
  ownUsername: string | null,
  /** The form's minimum length: 3, or 4 for the external signup and v1 forms. */
  min: number = PROFILE_LIMITS.usernameMin,
): UsernameAvailabilityStatus {
  const value = username.trim().toLowerCase();
  const own = ownUsername?.toLowerCase() ?? null;
  const checkable = usernameCheckable(value, min);
  const skip = checkable !== "ok" || value === own;
  const [result, setResult] = useState<{ value: string; status: UsernameAvailabilityStatus } | null>(null);

  useEffect(() => {
    if (skip) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetchUsernameAvailable(value, controller.signal).then(
        (isAvailable) => setResult({ value, status: isAvailable ? "available" : "unavailable" }),
        () => {
          if (!controller.signal.aborted) setResult({ value, status: "error" });
        },
      );
    }, TIMINGS.usernameDebounceMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [value, skip]);

  if (value === own) return "idle";
  if (checkable === "empty") return "idle";
  if (checkable === "invalid") return "invalid";
  return result?.value === value ? result.status : "checking";
}
