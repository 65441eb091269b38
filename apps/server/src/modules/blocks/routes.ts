import {
  blockCreatorBodySchema,
  blockedCreatorListSchema,
  blockedCreatorSchema,
  creatorIdParamsSchema,
} from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { perMinute } from "../../http/rate-limit";
import { noContent } from "../../http/response-schemas";
import { requireMember } from "../../kernel/auth-context";
import { MEMBER } from "../../kernel/route-access";
import { blockCreator, listBlocked, unblockCreator } from "./service";

export function registerBlockRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get(
    "/api/users/blocked-creators",
    { config: { access: MEMBER }, schema: { response: { 200: blockedCreatorListSchema } } },
    async (request) => ({ data: await listBlocked(db, requireMember(request.auth).id) }),
  );

  app.post(
    "/api/users/blocked-creators",
    {
      config: { access: MEMBER, rateLimit: perMinute(30) },
      schema: { body: blockCreatorBodySchema, response: { 201: blockedCreatorSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await blockCreator(db, requireMember(request.auth).id, request.body.creator_id)),
  );

  app.delete(
    "/api/users/blocked-creators/:creatorId",
    {
      config: { access: MEMBER, rateLimit: perMinute(30) },
      schema: { params: creatorIdParamsSchema, response: { 204: noContent } },
    },
    async (request, reply) => {
      await unblockCreator(db, requireMember(request.auth).id, request.params.creatorId);
      return reply.status(204).send();
    },
  );
}
