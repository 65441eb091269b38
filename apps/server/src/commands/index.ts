/**
 * Commands: the operations that span several modules (a member with their default persona, an account's
 * removal, `Me`, onboarding's last step, the seed). They use the modules' public faces; modules never
 * import them. Routes that need one declare it in their own `...RouteCommands` type and get this object
 * from app.ts.
 */
import type { OnboardingUpdateBody } from "@hearth/contracts";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import type { SessionSubject } from "../kernel/auth-context";
import { createAuthService } from "../modules/auth/index";
import { describeMe } from "./me";
import { createExternalUser, partnerMember } from "./partner-members";
import { removeAccount } from "./remove-account";
import { signUp } from "./sign-up";
import { updateOnboarding } from "./update-onboarding";

export { type SeedDeps, type SeedLog, seedDatabase } from "./seed/seed";

/** The commands bound to one app's database and configuration. */
export function createCommands(ctx: AppContext) {
  const { db } = ctx.database;
  const auth = createAuthService(db, ctx.tokens, { loginFailuresMax: ctx.config.loginFailuresMax });
  return {
    describeMe: (subject: SessionSubject) => describeMe(db, ctx.config, subject),
    signUp: (email: string, password: string) => signUp(db, auth, email, password),
    createExternalUser: (body: { name: string; username: string }) => createExternalUser(db, body),
    partnerMember: (secret: string, token: string) => partnerMember(db, secret, token),
    updateOnboarding: (user: UserRow, body: OnboardingUpdateBody) => updateOnboarding(db, user, body),
    removeAccount: (user: UserRow) => removeAccount(db, user, ctx.clock.now()),
  };
}

export type Commands = ReturnType<typeof createCommands>;
