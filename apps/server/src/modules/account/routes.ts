import { emailUpdateBodySchema } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { perMinute } from "../../http/rate-limit";
import { clearRefreshCookie } from "../auth/cookies";
import { access, MEMBER } from "../auth/route-access";
import { memberOf } from "../users/service";
import { removalCheck, removeAccount, updateEmail } from "./service";
import type { SubscriptionGate } from "./subscription-gate";

export function registerAccountRoutes(app: App, ctx: AppContext, gate?: SubscriptionGate): void {
  const { db } = ctx.database;
  const ownAccount = access(MEMBER, { restricted: "allowed" });

  app.put(
    "/api/users/email",
    { config: { access: MEMBER, rateLimit: perMinute(30) }, schema: { body: emailUpdateBodySchema } },
    async (request) => {
      const user = await updateEmail(db, ctx.config, memberOf(request), request.body.email);
      return { email: user.email ?? request.body.email };
    },
  );

  app.get("/api/users/removal-check", { config: { access: ownAccount } }, async (request) =>
    removalCheck(db, memberOf(request), gate),
  );

  app.delete(
    "/api/users",
    { config: { access: ownAccount, rateLimit: perMinute(30) } },
    async (request, reply) => {
      await removeAccount(db, memberOf(request));
      clearRefreshCookie(reply);
      return reply.status(204).send();
    },
  );
}
