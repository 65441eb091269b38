import {
  characterCreateBodySchema,
  characterExportQuerySchema,
  characterGetQuerySchema,
  characterIdParamsSchema,
  characterListQuerySchema,
  characterUpdateBodySchema,
  tagSuggestionParamsSchema,
} from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { perMinute } from "../../http/rate-limit";
import { exportCard, importCard } from "./card-service";
import {
  browse,
  createCharacter,
  deleteCharacter,
  editCharacter,
  getCharacter,
  listMyCharacters,
} from "./service";
import { dismissTagSuggestion } from "./tag-suggestions";
import { memberViewerOf, viewerOf } from "./viewer";

export function registerCharacterRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;
  const { guards, config } = ctx;
  const idSchema = { params: characterIdParamsSchema, querystring: characterGetQuerySchema };

  app.get(
    "/api/characters",
    { preValidation: guards.resolveAuth, schema: { querystring: characterListQuerySchema } },
    async (request) => browse(db, viewerOf(request.auth, config), request.query),
  );

  app.post(
    "/api/characters",
    {
      config: { rateLimit: perMinute(30) },
      preValidation: guards.requirePermission("create_character"),
      schema: { body: characterCreateBodySchema, querystring: characterGetQuerySchema },
    },
    async (request, reply) => {
      const character = await createCharacter(db, memberViewerOf(request.auth, config), request.body);
      return reply.status(201).send(character);
    },
  );

  app.get("/api/characters/:id", { preValidation: guards.resolveAuth, schema: idSchema }, async (request) =>
    getCharacter(db, viewerOf(request.auth, config), request.params.id),
  );

  app.patch(
    "/api/characters/:id",
    {
      config: { rateLimit: perMinute(60) },
      preValidation: guards.requirePermission("create_character"),
      schema: { ...idSchema, body: characterUpdateBodySchema },
    },
    async (request) =>
      editCharacter(db, memberViewerOf(request.auth, config), request.params.id, request.body),
  );

  app.delete(
    "/api/characters/:id",
    { preValidation: guards.requirePermission("delete_character"), schema: idSchema },
    async (request, reply) => {
      await deleteCharacter(db, memberViewerOf(request.auth, config), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/users/characters",
    {
      preValidation: guards.requirePermission("view_my_chat_bots"),
      schema: { querystring: characterGetQuerySchema },
    },
    async (request) => ({ data: await listMyCharacters(db, memberViewerOf(request.auth, config)) }),
  );

  app.delete(
    "/api/characters/:id/tag-suggestions/:suggestionId",
    { preValidation: guards.requireMember, schema: { params: tagSuggestionParamsSchema } },
    async (request, reply) => {
      const { id, suggestionId } = request.params;
      await dismissTagSuggestion(db, memberViewerOf(request.auth, config), id, suggestionId);
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/characters/import",
    {
      config: { rateLimit: perMinute(30) },
      preValidation: guards.requirePermission("create_character"),
      schema: { querystring: characterGetQuerySchema },
    },
    async (request, reply) => {
      const character = await importCard(ctx, memberViewerOf(request.auth, config), request);
      return reply.status(201).send(character);
    },
  );

  app.get(
    "/api/characters/:id/export",
    {
      config: { rateLimit: perMinute(30) },
      preValidation: guards.resolveAuth,
      schema: { params: characterIdParamsSchema, querystring: characterExportQuerySchema },
    },
    async (request, reply) => {
      const file = await exportCard(ctx, viewerOf(request.auth, config), request.params.id, request.query);
      return reply
        .header("content-type", file.contentType)
        .header(
          "content-disposition",
          `attachment; filename="${file.filename}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        )
        .header("cache-control", "no-store")
        .send(file.bytes);
    },
  );
}
