import { onboardingStateSchema, onboardingUpdateBodySchema } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { perMinute } from "../../http/rate-limit";
import { requireMember } from "../../kernel/auth-context";
import { MEMBER } from "../../kernel/route-access";
import { presentOnboarding } from "./presenter";
import { readOnboarding, updateOnboarding } from "./service";

export function registerOnboardingRoutes(app: App, ctx: AppContext): void {
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
      presentOnboarding(await updateOnboarding(db, requireMember(request.auth), request.body)),
  );
}
