import { type AccountRemovalCheck, accountRemovalCheckSchema } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

/** `GET /api/users/removal-check`: whether a managed subscription needs a warning, and the countdown. */
export function getRemovalCheck(): Promise<AccountRemovalCheck> {
  return apiFetch("/users/removal-check", { schema: accountRemovalCheckSchema });
}
