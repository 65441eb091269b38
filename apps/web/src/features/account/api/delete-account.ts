import { apiFetch } from "../../../lib/api-client";

/** `DELETE /api/users` (204): removes the account and everything it owns, and ends its sessions. */
export function deleteAccount(): Promise<void> {
  return apiFetch("/users", { method: "DELETE" });
}
