import { type Me, meSchema } from "@hearth/contracts";
import { apiFetch } from "../lib/api-client";

/**
 * `GET /api/me`: the signed-in user. The session provider (features/auth) holds the answer and shares it
 * through `useSession()` (lib/session), so it is not a cached query.
 */
export function fetchMe(signal?: AbortSignal): Promise<Me> {
  return apiFetch("/me", { schema: meSchema, signal });
}
