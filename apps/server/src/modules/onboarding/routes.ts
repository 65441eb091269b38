import {
  type OnboardingUpdateBody,
  onboardingStateSchema,
  onboardingUpdateBodySchema,
} from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { perMinute } from "../../http/rate-limit";
import { requireMember } from "../../kernel/auth-context";
import { MEMBER } from "../../kernel/route-access";
import { presentOnboarding } from "./presenter";
import type { OnboardingValues } from "./repository";
import { readOnboarding } from "./service";

/** What the routes need from the operations that span modules (`commands/`, wired in app.ts). */
export type OnboardingRouteCommands = {
  /** Saves a step; `done` also sets the account's username and name and renames the default persona. */
  updateOnboarding(user: UserRow, body: OnboardingUpdateBody): Promise<OnboardingValues>;
};

export function registerOnboardingRoutes(app: App, ctx: AppContext, commands: OnboardingRouteCommands): void {
  const { db } = ctx.database;

  app.get(
    "/api/users/onboarding",
    { config: { access: MEMBER }, schema: { response: { 200: onboardingStateSchema } } },
    async (request) => presentOnboarding(await readOnboarding(db, requireMember(request.auth))),
  );

  app.put(
    "/api/users/onboarding",
    {
      config: { access: MEMBER, rateLimit: perMinute(120) },
      schema: { body: onboardingUpdateBodySchema, response: { 200: onboardingStateSchema } },
    },
    async (request) =>
      presentOnboarding(await commands.updateOnboarding(requireMember(request.auth), request.body)),
  );
}
