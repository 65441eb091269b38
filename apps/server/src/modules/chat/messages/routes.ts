import {
  messageAlternateSchema,
  messageIdParamsSchema,
  messageRatingSchema,
  messageReportResultSchema,
  messageReportSchema,
  messageSchema,
  messageUpdateSchema,
  REPORT_RATE_LIMIT,
} from "@hearth/contracts";
import type { App, AppContext } from "../../../context";
import { perSession } from "../../../http/rate-limit";
import { requireMember } from "../../../kernel/auth-context";
import { access, MEMBER } from "../../../kernel/route-access";
import { chooseAlternate, editMessage, rateMessage, reportMessage } from "./service";

/** Actions on messages of the member's own conversations. */
export function registerMessageRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;
  const config = { access: access(MEMBER, { permission: "view_chat", owner: true }) };

  app.put(
    "/api/messages/:id",
    {
      config,
      schema: { params: messageIdParamsSchema, body: messageUpdateSchema, response: { 200: messageSchema } },
    },
    async (request) =>
      editMessage(db, requireMember(request.auth).id, request.params.id, request.body.content),
  );

  app.put(
    "/api/messages/:id/alternate",
    {
      config,
      schema: {
        params: messageIdParamsSchema,
        body: messageAlternateSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) =>
      chooseAlternate(db, requireMember(request.auth).id, request.params.id, request.body.index),
  );

  app.post(
    "/api/messages/:id/rating",
    {
      config,
      schema: { params: messageIdParamsSchema, body: messageRatingSchema, response: { 201: messageSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await rateMessage(db, requireMember(request.auth).id, request.params.id, request.body)),
  );

  app.post(
    "/api/messages/:id/report",
    {
      // The same per-member limit as character reports (POST /api/reportCharacter).
      config: { ...config, rateLimit: perSession(REPORT_RATE_LIMIT, "message-report") },
      schema: {
        params: messageIdParamsSchema,
        body: messageReportSchema,
        response: { 201: messageReportResultSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reportMessage(db, requireMember(request.auth).id, request.params.id, request.body)),
  );
}
