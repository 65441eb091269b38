import {
  adIdParamsSchema,
  adInputSchema,
  adminAdListSchema,
  adminAdSchema,
  adPickQuerySchema,
  adPickSchema,
} from "@hearth/contracts";
import type { FastifyRequest } from "fastify";
import type { App, AppContext } from "../../context";
import { perMinute } from "../../http/rate-limit";
import { noContent } from "../../http/response-schemas";
import { isAdmin, permissionsOf } from "../../kernel/access-policy";
import { optionalMember, requireMember } from "../../kernel/auth-context";
import { ADMIN, SESSION } from "../../kernel/route-access";
import { isPartnerHost } from "../app-config/index";
import type { AdActor } from "./policy";
import { changeAd, createAd, type GuestConversationReader, listAdminAds, pickAd, removeAd } from "./service";

/**
 * House ads: the chat's pick (members' conversations from the database, guests' through
 * `guestConversation`, the chat module's guest store), and admins' management of the ads.
 */
export function registerAdRoutes(
  app: App,
  ctx: AppContext,
  guestConversation: GuestConversationReader,
): void {
  const { db } = ctx.database;
  const actorOf = (request: FastifyRequest): AdActor => ({
    permissions: permissionsOf(request.auth),
    admin: isAdmin(request.auth),
    partnerHost: isPartnerHost(ctx.config, request.headers.host),
  });
  const adminOf = (request: FastifyRequest) => ({
    ...actorOf(request),
    userId: requireMember(request.auth).id,
  });

  app.get(
    "/api/ads/pick",
    {
      config: { access: SESSION, rateLimit: perMinute(120) },
      schema: { querystring: adPickQuerySchema, response: { 200: adPickSchema } },
    },
    async (request) =>
      pickAd(
        db,
        {
          ...actorOf(request),
          userId: optionalMember(request.auth)?.id ?? null,
          guestId: request.auth.kind === "guest" ? request.auth.guestId : null,
        },
        request.query.conversation_id,
        { minMessages: ctx.config.adsMinMessages, now: ctx.clock.now(), guestConversation },
      ),
  );

  app.get(
    "/api/admin/ads",
    { config: { access: ADMIN }, schema: { response: { 200: adminAdListSchema } } },
    async (request) => ({ data: await listAdminAds(db, actorOf(request)) }),
  );

  app.post(
    "/api/admin/ads",
    { config: { access: ADMIN }, schema: { body: adInputSchema, response: { 201: adminAdSchema } } },
    async (request, reply) => reply.status(201).send(await createAd(db, adminOf(request), request.body)),
  );

  app.put(
    "/api/admin/ads/:id",
    {
      config: { access: ADMIN },
      schema: { params: adIdParamsSchema, body: adInputSchema, response: { 200: adminAdSchema } },
    },
    async (request) => changeAd(db, adminOf(request), request.params.id, request.body),
  );

  app.delete(
    "/api/admin/ads/:id",
    {
      config: { access: ADMIN },
      schema: { params: adIdParamsSchema, response: { 204: noContent } },
    },
    async (request, reply) => {
      await removeAd(db, adminOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
