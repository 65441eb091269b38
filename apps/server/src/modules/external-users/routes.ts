import { authResponseSchema, externalUserBodySchema, partnerSignInBodySchema } from "@hearth/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { App, AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../http/errors";
import { authRateLimit } from "../../http/rate-limit";
import { PUBLIC } from "../../kernel/route-access";
import { isPartnerHost } from "../app-config/branding";
import { setRefreshCookie } from "../auth/cookies";
import { presentSession } from "../auth/presenter";
import { createAuthService } from "../auth/service";
import { loadMe } from "../users/service";
import { createExternalUser, partnerMember } from "./service";

export function registerExternalUserRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;
  const auth = createAuthService(db, ctx.tokens);
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
    return reply.status(status).send(presentSession(session, await loadMe(db, ctx.config, user)));
  }

  app.post(
    "/api/external/users",
    {
      preValidation: partnerHostOnly,
      config: limited,
      schema: { body: externalUserBodySchema, response: { 201: authResponseSchema } },
    },
    async (request, reply) => answer(request, reply, 201, await createExternalUser(db, request.body)),
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
      return answer(request, reply, 200, await partnerMember(db, secret, request.body.token));
    },
  );
}
