import { usernameAvailabilitySchema } from "@hearth/contracts";
import { apiFetch } from "../lib/api-client";

/** `GET /api/users/username-availability?username=`: whether nobody else has the username. */
export async function fetchUsernameAvailable(username: string, signal?: AbortSignal): Promise<boolean> {
  const query = new URLSearchParams({ username });
  const { isAvailable } = await apiFetch(`/users/username-availability?${query}`, {
    schema: usernameAvailabilitySchema,
    signal,
  });
  return isAvailable;
}
