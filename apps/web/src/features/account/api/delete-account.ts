import type { AccountRemovalBody } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

/**
 * `DELETE /api/users` (204): removes the account and everything it owns, and ends its sessions. The
 * password confirms it (or `confirm: "DELETE"` for an account without one).
 */
export function deleteAccount(body: AccountRemovalBody): Promise<void> {
  return apiFetch("/users", { method: "DELETE", body });
}
