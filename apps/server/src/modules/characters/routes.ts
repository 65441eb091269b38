import {
  characterCreateBodySchema,
  characterExportQuerySchema,
  characterGetQuerySchema,
  characterIdParamsSchema,
  characterListQuerySchema,
  characterListSchema,
  characterSchema,
  characterUpdateBodySchema,
  myCharactersSchema,
  ownCharacterSchema,
  tagSuggestionParamsSchema,
} from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { asDownload } from "../../http/download";
import { perMinute } from "../../http/rate-limit";
import { noContent } from "../../http/response-schemas";
import { requireMember } from "../../kernel/auth-context";
import { access, MEMBER, VISITOR } from "../../kernel/route-access";
import { exportCard, importCard } from "./card-service";
import type { CharacterChecks, CharacterReviews } from "./review-port";
import {
  browse,
  createCharacter,
  deleteCharacter,
  editCharacter,
  getCharacter,
  listMyCharacters,
} from "./service";
import { dismissTagSuggestion } from "./tag-suggestions";
import { platformTokenCounter } from "./token-count";
import { memberViewer, viewerOf } from "./viewer";

const CREATE = access(MEMBER, { permission: "create_character" });

/**
 * `reviews`: where a character the automatic check flags, or a fix its creator saves, goes for an admin's
 * review (the moderation module's, wired in app.ts).
 */
export function registerCharacterRoutes(app: App, ctx: AppContext, reviews: CharacterReviews): void {
  const { db } = ctx.database;
  const { config } = ctx;
  const checks: CharacterChecks = { contentCheck: ctx.contentCheck, reviews };
  const countTokens = platformTokenCounter(ctx.llm);
  const idSchema = { params: characterIdParamsSchema, querystring: characterGetQuerySchema };
  const one = { 200: characterSchema };
  const own = { 200: ownCharacterSchema };
  const created = { 201: ownCharacterSchema };

  app.get(
    "/api/characters",
    {
      config: { access: VISITOR },
      schema: { querystring: characterListQuerySchema, response: { 200: characterListSchema } },
    },
    async (request) => browse(db, viewerOf(request.auth, config), request.query),
  );

  app.post(
    "/api/characters",
    {
      config: { access: CREATE, rateLimit: perMinute(30) },
      schema: { body: characterCreateBodySchema, querystring: characterGetQuerySchema, response: created },
    },
    async (request, reply) => {
      const character = await createCharacter(
        db,
        memberViewer(requireMember(request.auth), config),
        request.body,
        countTokens,
        checks,
      );
      return reply.status(201).send(character);
    },
  );

  app.get(
    "/api/characters/:id",
    { config: { access: access(VISITOR, { owner: "or_admin" }) }, schema: { ...idSchema, response: one } },
    async (request) => getCharacter(db, viewerOf(request.auth, config), request.params.id),
  );

  app.patch(
    "/api/characters/:id",
    {
      config: { access: access(CREATE, { owner: "or_admin" }), rateLimit: perMinute(60) },
      schema: { ...idSchema, body: characterUpdateBodySchema, response: own },
    },
    async (request) =>
      editCharacter(
        db,
        memberViewer(requireMember(request.auth), config),
        request.params.id,
        request.body,
        countTokens,
        checks,
      ),
  );

  app.delete(
    "/api/characters/:id",
    {
      config: { access: access(MEMBER, { permission: "delete_character", owner: true }) },
      schema: { ...idSchema, response: { 204: noContent } },
    },
    async (request, reply) => {
      await deleteCharacter(db, memberViewer(requireMember(request.auth), config), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/users/characters",
    {
      config: { access: access(MEMBER, { permission: "view_my_chat_bots" }) },
      schema: { querystring: characterGetQuerySchema, response: { 200: myCharactersSchema } },
    },
    async (request) => ({
      data: await listMyCharacters(db, memberViewer(requireMember(request.auth), config)),
    }),
  );

  app.delete(
    "/api/characters/:id/tag-suggestions/:suggestionId",
    {
      config: { access: access(CREATE, { owner: true }) },
      schema: { params: tagSuggestionParamsSchema, response: { 204: noContent } },
    },
    async (request, reply) => {
      const { id, suggestionId } = request.params;
      await dismissTagSuggestion(db, memberViewer(requireMember(request.auth), config), id, suggestionId);
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/characters/import",
    {
      config: { access: CREATE, rateLimit: perMinute(30) },
      schema: { querystring: characterGetQuerySchema, response: created },
    },
    async (request, reply) => {
      const viewer = memberViewer(requireMember(request.auth), config);
      const character = await importCard(ctx, checks, viewer, request);
      return reply.status(201).send(character);
    },
  );

  app.get(
    "/api/characters/:id/export",
    {
      config: { access: access(VISITOR, { owner: true }), rateLimit: perMinute(30) },
      schema: { params: characterIdParamsSchema, querystring: characterExportQuerySchema },
    },
    // The file is sent as bytes, never serialized: see RESPONSE_SCHEMA_EXEMPTIONS.
    async (request, reply) => {
      const file = await exportCard(ctx, viewerOf(request.auth, config), request.params.id, request.query);
      return asDownload(reply, file.filename, file.contentType).send(file.bytes);
    },
  );
}
