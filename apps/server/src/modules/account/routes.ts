import {
  accountRemovalBodySchema,
  accountRemovalCheckSchema,
  emailUpdateBodySchema,
  emailUpdateResponseSchema,
} from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { perMinute } from "../../http/rate-limit";
import { noContent } from "../../http/response-schemas";
import { requireMember } from "../../kernel/auth-context";
import { access, MEMBER } from "../../kernel/route-access";
import { clearRefreshCookie, LoginThrottledError } from "../auth/index";
import { presentEmailUpdate } from "./presenter";
import { confirmRemoval, removalCheck, updateEmail } from "./service";
import type { SubscriptionGate } from "./subscription-gate";

/** What the routes need from the operations that span modules (`commands/`, wired in app.ts). */
export type AccountRouteCommands = {
  /** The account and everything it owns, in one transaction (analytics events are kept, unlinked). */
  removeAccount(user: UserRow): Promise<void>;
};

export function registerAccountRoutes(
  app: App,
  ctx: AppContext,
  commands: AccountRouteCommands,
  gate?: SubscriptionGate,
): void {
  const { db } = ctx.database;
  const ownAccount = access(MEMBER, { restricted: "allowed" });

  app.put(
    "/api/users/email",
    {
      config: { access: MEMBER, rateLimit: perMinute(30) },
      schema: { body: emailUpdateBodySchema, response: { 200: emailUpdateResponseSchema } },
    },
    async (request) =>
      presentEmailUpdate(
        await updateEmail(db, ctx.config, requireMember(request.auth), request.body.email),
        request.body.email,
      ),
  );

  app.get(
    "/api/users/removal-check",
    { config: { access: ownAccount }, schema: { response: { 200: accountRemovalCheckSchema } } },
    async (request) => removalCheck(db, requireMember(request.auth), gate),
  );

  app.delete(
    "/api/users",
    {
      config: { access: ownAccount, rateLimit: perMinute(30) },
      schema: { body: accountRemovalBodySchema, response: { 204: noContent } },
    },
    async (request, reply) => {
      const user = requireMember(request.auth);
      try {
        await confirmRemoval(db, user, request.body, ctx.config.loginFailuresMax);
      } catch (error) {
        if (error instanceof LoginThrottledError) reply.header("retry-after", error.retryAfterSeconds);
        throw error;
      }
      await commands.removeAccount(user);
      clearRefreshCookie(reply);
      return reply.status(204).send();
    },
  );
}
