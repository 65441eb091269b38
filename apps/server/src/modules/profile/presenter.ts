import type { UsernameAvailability } from "@hearth/contracts";

/** `GET /api/users/username-availability` (the spec's own spelling, `isAvailable`). */
export function presentUsernameAvailability(available: boolean): UsernameAvailability {
  return { isAvailable: available };
}
