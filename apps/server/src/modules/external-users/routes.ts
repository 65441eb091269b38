import {
  authResponseSchema,
  externalUserBodySchema,
  type Me,
  partnerSignInBodySchema,
} from "@hearth/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { App, AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../http/errors";
import { authRateLimit } from "../../http/rate-limit";
import type { SessionSubject } from "../../kernel/auth-context";
import { PUBLIC } from "../../kernel/route-access";
import { isPartnerHost } from "../app-config/index";
import { createAuthService, presentSession, setRefreshCookie } from "../auth/index";

/** What the routes need from the operations that span modules (`commands/`, wired in app.ts). */
export type ExternalUserRouteCommands = {
  createExternalUser(body: { name: string; username: string }): Promise<UserRow>;
  partnerMember(secret: string, token: string): Promise<UserRow>;
  describeMe(subject: SessionSubject): Promise<Me>;
};

export function registerExternalUserRoutes(
  app: App,
  ctx: AppContext,
  commands: ExternalUserRouteCommands,
): void {
  const auth = createAuthService(ctx.database.db, ctx.tokens);
  const secureCookies = ctx.config.publicUrl?.startsWith("https://") ?? false;
  const limited = { access: PUBLIC, rateLimit: authRateLimit(ctx.config) };

  // Before body validation: elsewhere these routes do not exist for the caller.
  const partnerHostOnly = async (request: FastifyRequest) => {
    if (!isPartnerHost(ctx.config, request.headers.host)) {
      throw new AppError(403, "forbidden", "This is only available on partner sites.");
    }
  };

  async function answer(request: FastifyRequest, reply: FastifyReply, status: number, user: UserRow) {
    const session = await auth.startSession(user);
    setRefreshCookie(request, reply, session.refreshToken, secureCookies);
    return reply
      .status(status)
      .send(presentSession(session, await commands.describeMe({ kind: "member", user })));
  }

  app.post(
    "/api/external/users",
    {
      preValidation: partnerHostOnly,
      config: limited,
      schema: { body: externalUserBodySchema, response: { 201: authResponseSchema } },
    },
    async (request, reply) => answer(request, reply, 201, await commands.createExternalUser(request.body)),
  );

  app.post(
    "/api/auth/partner",
    {
      preValidation: partnerHostOnly,
      config: limited,
      schema: { body: partnerSignInBodySchema, response: { 200: authResponseSchema } },
    },
    async (request, reply) => {
      const secret = ctx.config.partnerJwtSecret;
      if (!secret) throw new AppError(403, "forbidden", "Partner sign-in is not configured on this site.");
      return answer(request, reply, 200, await commands.partnerMember(secret, request.body.token));
    },
  );
}
