import {
  characterIdParamsSchema,
  conversationCloneSchema,
  conversationDetailSchema,
  conversationIdParamsSchema,
  conversationListQuerySchema,
  conversationListSchema,
  conversationSummarySchema,
  conversationUpdateSchema,
  messagePageQuerySchema,
  messagePageSchema,
  removeMessagesQuerySchema,
  removeMessagesResultSchema,
} from "@hearth/contracts";
import type { FastifyRequest } from "fastify";
import type { App, AppContext } from "../../../context";
import { noContent } from "../../../http/response-schemas";
import { requireMember } from "../../../kernel/auth-context";
import { access, MEMBER, SESSION } from "../../../kernel/route-access";
import { memberViewer, viewerOf } from "../../characters/index";
import type { ChatRuntime } from "../generation/chat-runtime";
import { presentConversationList, presentMessagesRemoved } from "./presenter";
import {
  cloneOwnConversation,
  getGuestConversation,
  getGuestMessagePage,
  getOwnConversation,
  getOwnMessagePage,
  listOwnConversations,
  removeMessagesFrom,
  removeOwnConversation,
  updateOwnConversation,
} from "./service";

const CHATS = access(SESSION, { permission: "view_chat" });
const OWN_CONVERSATION = access(MEMBER, { permission: "view_chat", owner: true });

/** Conversations are owner-only: another member's id answers 404, as if it did not exist. */
export function registerConversationRoutes(app: App, ctx: AppContext, runtime: ChatRuntime): void {
  const { db } = ctx.database;

  /** The caller's saved chats, all or with one character; guests keep nothing between visits. */
  const savedChats = async (
    request: FastifyRequest,
    page: { limit: number; last_id?: string | undefined },
    characterId?: string,
  ) =>
    presentConversationList(
      request.auth.kind !== "member"
        ? []
        : await listOwnConversations(db, memberViewer(requireMember(request.auth), ctx.config), {
            limit: page.limit,
            lastId: page.last_id,
            ...(characterId ? { characterId } : {}),
          }),
    );

  app.get(
    "/api/conversations",
    {
      config: { access: CHATS },
      schema: { querystring: conversationListQuerySchema, response: { 200: conversationListSchema } },
    },
    async (request) => savedChats(request, request.query),
  );

  app.get(
    "/api/characters/:id/conversations",
    {
      config: { access: CHATS },
      schema: {
        params: characterIdParamsSchema,
        querystring: conversationListQuerySchema,
        response: { 200: conversationListSchema },
      },
    },
    async (request) => savedChats(request, request.query, request.params.id),
  );

  app.get(
    "/api/conversations/:id",
    {
      config: { access: access(CHATS, { owner: true }) },
      schema: { params: conversationIdParamsSchema, response: { 200: conversationDetailSchema } },
    },
    async (request) =>
      request.auth.kind === "guest"
        ? getGuestConversation(
            db,
            runtime.guests,
            viewerOf(request.auth, ctx.config),
            request.auth.guestId,
            request.params.id,
          )
        : getOwnConversation(db, memberViewer(requireMember(request.auth), ctx.config), request.params.id),
  );

  app.get(
    "/api/conversations/:id/messages",
    {
      config: { access: access(CHATS, { owner: true }) },
      schema: {
        params: conversationIdParamsSchema,
        querystring: messagePageQuerySchema,
        response: { 200: messagePageSchema },
      },
    },
    async (request) =>
      request.auth.kind === "guest"
        ? getGuestMessagePage(
            db,
            runtime.guests,
            viewerOf(request.auth, ctx.config),
            request.auth.guestId,
            request.params.id,
            request.query,
          )
        : getOwnMessagePage(
            db,
            memberViewer(requireMember(request.auth), ctx.config),
            request.params.id,
            request.query,
          ),
  );

  app.delete(
    "/api/conversations/:id",
    {
      config: { access: OWN_CONVERSATION },
      schema: { params: conversationIdParamsSchema, response: { 204: noContent } },
    },
    async (request, reply) => {
      await removeOwnConversation(db, requireMember(request.auth).id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    "/api/conversations/:id",
    {
      config: { access: OWN_CONVERSATION },
      schema: {
        params: conversationIdParamsSchema,
        body: conversationUpdateSchema,
        response: { 200: conversationSummarySchema },
      },
    },
    async (request) =>
      updateOwnConversation(
        db,
        memberViewer(requireMember(request.auth), ctx.config),
        request.params.id,
        request.body,
      ),
  );

  app.post(
    "/api/conversations/:id/clone",
    {
      config: { access: OWN_CONVERSATION },
      schema: {
        params: conversationIdParamsSchema,
        body: conversationCloneSchema,
        response: { 201: conversationSummarySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await cloneOwnConversation(
            db,
            memberViewer(requireMember(request.auth), ctx.config),
            request.params.id,
            request.body,
          ),
        ),
  );

  app.delete(
    "/api/conversations/:id/messages",
    {
      config: { access: OWN_CONVERSATION },
      schema: {
        params: conversationIdParamsSchema,
        querystring: removeMessagesQuerySchema,
        response: { 200: removeMessagesResultSchema },
      },
    },
    async (request) =>
      presentMessagesRemoved(
        await removeMessagesFrom(
          db,
          runtime.lock,
          memberViewer(requireMember(request.auth), ctx.config),
          request.params.id,
          request.query.from_message_id,
        ),
      ),
  );
}
