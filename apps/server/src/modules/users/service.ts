import type { Me } from "@hearth/contracts";
import type { ServerConfig } from "../../config";
import type { Database } from "../../db/client";
import type { UserRow } from "../../db/schema";
import type { Guest } from "../../kernel/auth-context";
import { emailNeedsUpdate } from "../account/email-policy";
import { findOnboarding } from "../onboarding/repository";
import { findDefaultPersonaId } from "../personas/repository";
import { presentGuestMe, presentMe } from "./presenter";

/** Everything `Me` shows about a member, beyond the user row itself. */
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

export type Subject = { kind: "member"; user: UserRow } | ({ kind: "guest" } & Guest);

export function meOf(db: Database, config: ServerConfig, subject: Subject): Promise<Me> | Me {
  return subject.kind === "member" ? loadMe(db, config, subject.user) : presentGuestMe(subject);
}
