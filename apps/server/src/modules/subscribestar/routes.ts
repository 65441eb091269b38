import {
  subscribeStarAttemptBodySchema,
  subscribeStarAttemptParamsSchema,
  subscribeStarAttemptSchema,
  subscribeStarOauthQuerySchema,
  subscribeStarOauthResponseSchema,
  subscribeStarStatusSchema,
} from "@hearth/contracts";
import type { App } from "../../context";
import { perMinute } from "../../http/rate-limit";
import { requireMember } from "../../kernel/auth-context";
import { access, MEMBER } from "../../kernel/route-access";
import type { SubscribeStarService } from "./service";

/** SubscribeStar linking (account spec 2.11 and 7; README, SubscribeStar). */
export function registerSubscribeStarRoutes(app: App, service: SubscribeStarService): void {
  app.get(
    "/api/link/subscribestar",
    { config: { access: MEMBER }, schema: { response: { 200: subscribeStarStatusSchema } } },
    async (request) => service.status(requireMember(request.auth).id),
  );

  app.post(
    "/api/link/subscribestar",
    {
      config: { access: MEMBER, rateLimit: perMinute(20) },
      schema: { body: subscribeStarAttemptBodySchema, response: { 201: subscribeStarAttemptSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.startAttempt(requireMember(request.auth).id, request.body.redirect_url)),
  );

  app.get(
    "/api/link/subscribestar/oauth",
    {
      config: { access: MEMBER, rateLimit: perMinute(20) },
      schema: {
        querystring: subscribeStarOauthQuerySchema,
        response: { 200: subscribeStarOauthResponseSchema },
      },
    },
    async (request) => service.link(requireMember(request.auth).id, request.query),
  );

  app.get(
    "/api/link/subscribestar/:transientId",
    {
      config: { access: access(MEMBER, { owner: true }), rateLimit: perMinute(60) },
      schema: {
        params: subscribeStarAttemptParamsSchema,
        querystring: subscribeStarAttemptBodySchema,
        response: { 200: subscribeStarAttemptSchema },
      },
    },
    async (request) =>
      service.attempt(requireMember(request.auth).id, request.params.transientId, request.query.redirect_url),
  );
}
