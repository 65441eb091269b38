import type { Me } from "@hearth/contracts";
import type { ServerConfig } from "../config";
import type { Database } from "../db/client";
import type { UserRow } from "../db/schema";
import type { SessionSubject } from "../kernel/auth-context";
import { emailNeedsUpdate } from "../modules/account/index";
import { findOnboarding } from "../modules/onboarding/index";
import { findDefaultPersonaId } from "../modules/personas/index";
import { presentGuestMe, presentMe } from "../modules/users/index";

/**
 * Everything `Me` shows about a member beyond the user row: the default persona (personas), the
 * onboarding step (onboarding) and whether the email must be replaced (account).
 */
export async function loadMe(db: Database, config: ServerConfig, user: UserRow): Promise<Me> {
  const [defaultPersonaId, onboarding] = await Promise.all([
    findDefaultPersonaId(db, user.id),
    user.username ? null : findOnboarding(db, user.id),
  ]);
  return presentMe(user, {
    defaultPersonaId,
    // Onboarding is over once the account has a username, whichever way it got one.
    onboardingStep: user.username ? "done" : (onboarding?.step ?? "welcome"),
    needsEmailUpdate: emailNeedsUpdate(user.email, config.blockedEmailDomains),
  });
}

/** `Me` of a session's subject: a member's, or a guest's (nothing stored). */
export async function describeMe(db: Database, config: ServerConfig, subject: SessionSubject): Promise<Me> {
  return subject.kind === "member" ? loadMe(db, config, subject.user) : presentGuestMe(subject);
}
