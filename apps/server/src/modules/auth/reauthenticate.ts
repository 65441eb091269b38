import type { Database } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { clearLoginAttempts, LoginThrottledError, recordLoginAttempt } from "./login-throttle";
import { verifyPassword } from "./passwords";

/** A member who signs in with a password (partner accounts have none). */
export type PasswordMember = UserRow & { passwordHash: string };

export const hasPassword = (user: UserRow): user is PasswordMember => user.passwordHash !== null;

/**
 * Checks a signed-in member's password again before a sensitive change (password change, account
 * removal). The attempt counts against the account together with its failed sign-ins (LOGIN_FAILURES_MAX
 * in 15 minutes, shared by all instances), so a stolen session guesses no faster than sign-in allows;
 * past the limit it throws `LoginThrottledError` (429), even for the right password. A right password
 * clears the count, as a sign-in does. Answers whether the password is right.
 */
export async function reauthenticate(
  db: Database,
  user: PasswordMember,
  password: string,
  failuresMax: number,
): Promise<boolean> {
  // Keyed like sign-in, by email; the id stands in for the (unexpected) password account without one.
  const key = user.email ?? `user:${user.id}`;
  const attempt = await recordLoginAttempt(db, key, failuresMax);
  if (!attempt.allowed) throw new LoginThrottledError(attempt.retryAfterSeconds);
  if (!(await verifyPassword(user.passwordHash, password))) return false;
  await clearLoginAttempts(db, key);
  return true;
}
