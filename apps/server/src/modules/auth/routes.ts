import {
  authResponseSchema,
  loginBodySchema,
  type Me,
  passwordChangeBodySchema,
  signupBodySchema,
} from "@hearth/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { App, AppContext } from "../../context";
import { AppError, unauthenticated } from "../../http/errors";
import { authRateLimit, perMinute, refreshRateLimit } from "../../http/rate-limit";
import { noContent } from "../../http/response-schemas";
import { requireMember, type SessionSubject } from "../../kernel/auth-context";
import { access, MEMBER, PUBLIC } from "../../kernel/route-access";
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from "./cookies";
import { LoginThrottledError } from "./login-throttle";
import { presentSession } from "./presenter";
import { createAuthService, type Session } from "./service";

/** What the routes need from the operations that span modules (`commands/`, wired in app.ts). */
export type AuthRouteCommands = {
  /** Sign-up creates the member with their default persona, then a session. */
  signUp(email: string, password: string): Promise<Session>;
  describeMe(subject: SessionSubject): Promise<Me>;
};

export function registerAuthRoutes(app: App, ctx: AppContext, commands: AuthRouteCommands): void {
  const auth = createAuthService(ctx.database.db, ctx.tokens, {
    loginFailuresMax: ctx.config.loginFailuresMax,
  });
  const secureCookies = ctx.config.publicUrl?.startsWith("https://") ?? false;
  const limited = { access: PUBLIC, rateLimit: authRateLimit(ctx.config) };

  /** A member's own security actions; restricted accounts may take them too. */
  const ownAccount = access(MEMBER, { restricted: "allowed" });

  async function answer(request: FastifyRequest, reply: FastifyReply, status: number, session: Session) {
    const me = await commands.describeMe(session.subject);
    setRefreshCookie(request, reply, session.refreshToken, secureCookies);
    return reply.status(status).send(presentSession(session, me));
  }

  app.post(
    "/api/auth/signup",
    { config: limited, schema: { body: signupBodySchema, response: { 201: authResponseSchema } } },
    async (request, reply) =>
      answer(request, reply, 201, await commands.signUp(request.body.email, request.body.password)),
  );

  app.post(
    "/api/auth/login",
    { config: limited, schema: { body: loginBodySchema, response: { 200: authResponseSchema } } },
    async (request, reply) => {
      try {
        return await answer(request, reply, 200, await auth.login(request.body.email, request.body.password));
      } catch (error) {
        if (error instanceof LoginThrottledError) reply.header("retry-after", error.retryAfterSeconds);
        throw error;
      }
    },
  );

  // Answered like sign-in: the tab that changed the password gets a fresh session; every other one ends.
  app.put(
    "/api/users/password",
    {
      config: { access: ownAccount, rateLimit: authRateLimit(ctx.config) },
      schema: { body: passwordChangeBodySchema, response: { 200: authResponseSchema } },
    },
    async (request, reply) => {
      const { current_password, new_password } = request.body;
      try {
        const session = await auth.changePassword(
          requireMember(request.auth),
          current_password,
          new_password,
        );
        return await answer(request, reply, 200, session);
      } catch (error) {
        if (error instanceof LoginThrottledError) reply.header("retry-after", error.retryAfterSeconds);
        throw error;
      }
    },
  );

  app.post(
    "/api/auth/logout-all",
    { config: { access: ownAccount, rateLimit: perMinute(30) }, schema: { response: { 204: noContent } } },
    async (request, reply) => {
      await auth.logoutEverywhere(requireMember(request.auth));
      clearRefreshCookie(reply);
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/auth/guest",
    { config: limited, schema: { response: { 201: authResponseSchema } } },
    async (request, reply) => answer(request, reply, 201, await auth.createGuest()),
  );

  app.post(
    "/api/auth/refresh",
    {
      config: { access: PUBLIC, rateLimit: refreshRateLimit(ctx.config) },
      schema: { response: { 200: authResponseSchema } },
    },
    async (request, reply) => {
      const token = readRefreshCookie(request);
      if (!token) throw unauthenticated();
      try {
        return answer(request, reply, 200, await auth.refresh(token));
      } catch (error) {
        // A disabled or removed account keeps its (revoked) cookie, so that every later refresh still says
        // invalid_account: the page being left may have refreshed first, and the next page must show the
        // invalid account page, not a signed-out one. Log out clears it.
        if (!(error instanceof AppError && error.code === "invalid_account")) clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    "/api/auth/logout",
    { config: { access: PUBLIC }, schema: { response: { 204: noContent } } },
    async (request, reply) => {
      const token = readRefreshCookie(request);
      if (token) await auth.logout(token);
      clearRefreshCookie(reply);
      return reply.status(204).send();
    },
  );
}
