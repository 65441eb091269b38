import {
  conversationIdParamsSchema,
  memoryCreateSchema,
  memoryIdParamsSchema,
  memoryListSchema,
  memorySchema,
  memoryUpdateSchema,
} from "@hearth/contracts";
import type { App, AppContext } from "../../../context";
import { noContent } from "../../../http/response-schemas";
import { requireMember } from "../../../kernel/auth-context";
import { access, MEMBER } from "../../../kernel/route-access";
import { memberViewer } from "../../characters/index";
import { createMemory, editMemory, listConversationMemories, removeMemory } from "./service";

/** The memory manager (memory_manager permission); owner-only. */
export function registerMemoryRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;
  const config = { access: access(MEMBER, { permission: "memory_manager", owner: true }) };

  app.get(
    "/api/conversations/:id/memories",
    { config, schema: { params: conversationIdParamsSchema, response: { 200: memoryListSchema } } },
    async (request) => ({
      data: await listConversationMemories(
        db,
        memberViewer(requireMember(request.auth), ctx.config),
        request.params.id,
      ),
    }),
  );

  app.post(
    "/api/conversations/:id/memories",
    {
      config,
      schema: {
        params: conversationIdParamsSchema,
        body: memoryCreateSchema,
        response: { 201: memorySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createMemory(
            db,
            memberViewer(requireMember(request.auth), ctx.config),
            request.params.id,
            request.body,
          ),
        ),
  );

  app.put(
    "/api/memories/:id",
    {
      config,
      schema: { params: memoryIdParamsSchema, body: memoryUpdateSchema, response: { 200: memorySchema } },
    },
    async (request) =>
      editMemory(db, memberViewer(requireMember(request.auth), ctx.config), request.params.id, request.body),
  );

  app.delete(
    "/api/memories/:id",
    { config, schema: { params: memoryIdParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await removeMemory(db, memberViewer(requireMember(request.auth), ctx.config), request.params.id);
      return reply.status(204).send();
    },
  );
}
