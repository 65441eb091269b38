import { apiFetch } from "../../../lib/api-client";

/** `POST /api/auth/logout-all` (204): ends every session of the member, on every device, this one too. */
export function logoutEverywhere(): Promise<void> {
  return apiFetch<void>("/auth/logout-all", { method: "POST" });
}
