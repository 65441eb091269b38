import type { AccountRemovalCheck, EmailUpdateResponse } from "@hearth/contracts";
import type { UserRow } from "../../db/schema";

/** `PUT /api/users/email`: the address the account now has. */
export function presentEmailUpdate(user: UserRow, requested: string): EmailUpdateResponse {
  return { email: user.email ?? requested };
}

/** `GET /api/users/removal-check`: the warning and the countdown shown before removal. */
export function presentRemovalCheck(
  managedSubscription: boolean,
  countdownSeconds: number,
): AccountRemovalCheck {
  return { managed_subscription: managedSubscription, countdown_seconds: countdownSeconds };
}
