import {
  ACCOUNT_REMOVAL_CONFIRMATION,
  ACCOUNT_SECURITY_MESSAGES,
  type AccountRemovalBody,
  type AccountRemovalCheck,
  REMOTE_SETTING_DEFAULTS,
} from "@hearth/contracts";
import type { ServerConfig } from "../../config";
import type { Database } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../http/errors";
import { readRemoteSetting } from "../app-config/index";
import { hasPassword, reauthenticate } from "../auth/index";
import { emailTaken, findUserByEmail, isUniqueViolation, updateUser } from "../users/index";
import { emailNeedsUpdate, unusableEmailReason } from "./email-policy";
import { presentRemovalCheck } from "./presenter";
import { hasManagedSubscription, type SubscriptionGate } from "./subscription-gate";

const emailProblem = (message: string) => new AppError(400, "validation_error", message, { email: message });

/**
 * Replaces a hidden-relay or blocked-domain email with a real one. Other members keep theirs: without a
 * password check, changing a working email would let a stolen session lock its owner out.
 */
export async function updateEmail(
  db: Database,
  config: ServerConfig,
  user: UserRow,
  email: string,
): Promise<UserRow> {
  if (!emailNeedsUpdate(user.email, config.blockedEmailDomains)) {
    throw new AppError(403, "forbidden", "Your email address does not need to be updated.");
  }
  const unusable = unusableEmailReason(email, config.blockedEmailDomains);
  if (unusable) throw emailProblem(unusable);
  if (await findUserByEmail(db, email)) throw emailTaken();
  try {
    return await updateUser(db, user.id, { email });
  } catch (error) {
    if (isUniqueViolation(error, "users_email_unique")) throw emailTaken();
    throw error;
  }
}

export async function removalCheck(
  db: Database,
  user: UserRow,
  gate?: SubscriptionGate,
): Promise<AccountRemovalCheck> {
  const countdown = await readRemoteSetting(db, "account_removal_countdown_seconds");
  return presentRemovalCheck(
    await hasManagedSubscription(user.id, gate),
    typeof countdown === "number" && Number.isInteger(countdown) && countdown >= 0
      ? countdown
      : REMOTE_SETTING_DEFAULTS.account_removal_countdown_seconds,
  );
}

const fieldProblem = (field: string, message: string) =>
  new AppError(400, "validation_error", message, { [field]: message });

/**
 * Re-authentication before removal: a member with a password must give it (checked and counted like a
 * sign-in); one without (partner sign-in) must type the confirmation word. Throws a 400 naming the field.
 */
export async function confirmRemoval(
  db: Database,
  user: UserRow,
  body: AccountRemovalBody,
  failuresMax: number,
): Promise<void> {
  if (hasPassword(user)) {
    const password = body.password;
    if (!password) throw fieldProblem("password", ACCOUNT_SECURITY_MESSAGES.removalPasswordRequired);
    if (!(await reauthenticate(db, user, password, failuresMax))) {
      throw fieldProblem("password", ACCOUNT_SECURITY_MESSAGES.removalPasswordWrong);
    }
  } else if (body.confirm !== ACCOUNT_REMOVAL_CONFIRMATION) {
    throw fieldProblem("confirm", ACCOUNT_SECURITY_MESSAGES.removalConfirmRequired);
  }
}
