import {
  adminCharacterDeleteQuerySchema,
  adminCharacterResultSchema,
  adminCharacterUpdateSchema,
  adminReviewListQuerySchema,
  adminReviewListSchema,
  adminReviewSchema,
  adminReviewUpdateSchema,
  characterIdParamsSchema,
  characterReportResultSchema,
  characterReportSchema,
  REPORT_RATE_LIMIT,
  reviewIdParamsSchema,
} from "@hearth/contracts";
import type { ServerConfig } from "../../config";
import type { App, AppContext } from "../../context";
import { perSession } from "../../http/rate-limit";
import { noContent } from "../../http/response-schemas";
import { type AuthContext, requireMember } from "../../kernel/auth-context";
import { ADMIN, access, MEMBER } from "../../kernel/route-access";
import { memberViewer } from "../characters/index";
import {
  closeReview,
  deleteCharacterAsAdmin,
  listReviews,
  type MemberActor,
  reportCharacter,
  updateCharacterAsAdmin,
} from "./service";

/** Reports are counted per member (after authentication), not per address. */
function actorOf(auth: AuthContext, config: Pick<ServerConfig, "brand">): MemberActor {
  const user = requireMember(auth);
  return { userId: user.id, role: user.role, viewer: memberViewer(user, config) };
}

/** Character reports (members) and the review table with the admins' actions on characters. */
export function registerModerationRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;
  const { config } = ctx;

  app.post(
    "/api/reportCharacter",
    {
      config: {
        access: access(MEMBER, { permission: "report_character" }),
        rateLimit: perSession(REPORT_RATE_LIMIT, "report"),
      },
      schema: {
        body: characterReportSchema,
        response: { 200: characterReportResultSchema, 201: characterReportResultSchema },
      },
    },
    async (request, reply) => {
      const { result, created } = await reportCharacter(db, actorOf(request.auth, config), request.body);
      // A repeated report by the same member: the same review, nothing new (200).
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  app.get(
    "/api/admin/reviews",
    {
      config: { access: ADMIN },
      schema: { querystring: adminReviewListQuerySchema, response: { 200: adminReviewListSchema } },
    },
    async (request) => listReviews(db, actorOf(request.auth, config), request.query),
  );

  app.put(
    "/api/admin/reviews/:id",
    {
      config: { access: ADMIN },
      schema: {
        params: reviewIdParamsSchema,
        body: adminReviewUpdateSchema,
        response: { 200: adminReviewSchema },
      },
    },
    async (request) => closeReview(db, actorOf(request.auth, config), request.params.id, request.body),
  );

  app.put(
    "/api/admin/characters/:id",
    {
      config: { access: ADMIN },
      schema: {
        params: characterIdParamsSchema,
        body: adminCharacterUpdateSchema,
        response: { 200: adminCharacterResultSchema },
      },
    },
    async (request) =>
      updateCharacterAsAdmin(db, actorOf(request.auth, config), request.params.id, request.body),
  );

  app.delete(
    "/api/admin/characters/:id",
    {
      config: { access: ADMIN },
      schema: {
        params: characterIdParamsSchema,
        querystring: adminCharacterDeleteQuerySchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth, config);
      await deleteCharacterAsAdmin(db, actor, request.params.id, request.query.review_id);
      return reply.status(204).send();
    },
  );
}
