import {
  chatLorebookParamsSchema,
  chatLorebooksSchema,
  chatLorebookToggleBodySchema,
  chatLoreEntryBodySchema,
  chatLoreEntryResultSchema,
  LOREBOOK_IMPORT_MAX_BYTES,
  lorebookBulkEnableBodySchema,
  lorebookCreateBodySchema,
  lorebookDetailSchema,
  lorebookEntryBodySchema,
  lorebookEntryParamsSchema,
  lorebookEntryResultSchema,
  lorebookExportQuerySchema,
  lorebookFileSchema,
  lorebookIdParamsSchema,
  lorebookListSchema,
  lorebookSettingsBodySchema,
  promptReportResponseSchema,
} from "@hearth/contracts";
import { z } from "zod";
import type { App, AppContext } from "../../context";
import { asDownload, fileBaseName } from "../../http/download";
import { perMinute } from "../../http/rate-limit";
import { noContent } from "../../http/response-schemas";
import { requireMember } from "../../kernel/auth-context";
import { access, MEMBER } from "../../kernel/route-access";
import { memberViewer } from "../characters/index";
import { presentLorebook, presentLorebookSummary } from "./presenter";
import {
  addChatLoreEntry,
  addLorebookEntry,
  chatLorebooks,
  chatPromptReport,
  createLorebook,
  deleteLorebookEntry,
  deleteMyLorebook,
  detachChatLorebook,
  exportMyLorebook,
  getMyLorebook,
  listMyLorebooks,
  setChatCharacterBook,
  setChatLorebook,
  setLorebookEntriesEnabled,
  updateLorebookEntry,
  updateLorebookSettings,
} from "./service";

/** Guests cannot have books: every route is a member's. */
const LOREBOOKS = access(MEMBER, { permission: "view_chat" });
const OWN = access(LOREBOOKS, { owner: true });
const READS = { access: OWN };
const WRITES = { access: LOREBOOKS, rateLimit: perMinute(60) };
const OWN_WRITES = { access: OWN, rateLimit: perMinute(240) };

const conversationParamsSchema = z.object({ id: z.uuid("Conversation id must be a UUID") });

/** A file name for the download: the book's name in safe characters. */
function downloadName(name: string, format: string): string {
  return `${fileBaseName(name, "lorebook")}${format === "sillytavern" ? "" : ".lorebook"}.json`;
}

export function registerLorebookRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get(
    "/api/lorebooks",
    { config: { access: LOREBOOKS }, schema: { response: { 200: lorebookListSchema } } },
    async (request) => ({
      data: (await listMyLorebooks(db, requireMember(request.auth))).map(presentLorebookSummary),
    }),
  );

  app.post(
    "/api/lorebooks",
    {
      config: WRITES,
      bodyLimit: LOREBOOK_IMPORT_MAX_BYTES,
      schema: { body: lorebookCreateBodySchema, response: { 201: lorebookDetailSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(presentLorebook(await createLorebook(db, requireMember(request.auth), request.body))),
  );

  app.get(
    "/api/lorebooks/:id",
    { config: READS, schema: { params: lorebookIdParamsSchema, response: { 200: lorebookDetailSchema } } },
    async (request) =>
      presentLorebook(await getMyLorebook(db, requireMember(request.auth), request.params.id)),
  );

  app.patch(
    "/api/lorebooks/:id",
    {
      config: OWN_WRITES,
      schema: {
        params: lorebookIdParamsSchema,
        body: lorebookSettingsBodySchema,
        response: { 200: lorebookDetailSchema },
      },
    },
    async (request) =>
      presentLorebook(
        await updateLorebookSettings(db, requireMember(request.auth), request.params.id, request.body),
      ),
  );

  app.delete(
    "/api/lorebooks/:id",
    { config: OWN_WRITES, schema: { params: lorebookIdParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await deleteMyLorebook(db, requireMember(request.auth), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/lorebooks/:id/export",
    {
      config: READS,
      schema: {
        params: lorebookIdParamsSchema,
        querystring: lorebookExportQuerySchema,
        response: { 200: lorebookFileSchema },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const exported = await exportMyLorebook(db, requireMember(request.auth), request.params.id, format);
      return asDownload(reply, downloadName(exported.name, format), "application/json; charset=utf-8").send(
        exported.file,
      );
    },
  );

  app.post(
    "/api/lorebooks/:id/entries",
    {
      config: OWN_WRITES,
      schema: {
        params: lorebookIdParamsSchema,
        body: lorebookEntryBodySchema,
        response: { 201: lorebookEntryResultSchema },
      },
    },
    async (request, reply) => {
      const { row, entry } = await addLorebookEntry(
        db,
        requireMember(request.auth),
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ lorebook: presentLorebook(row), entry });
    },
  );

  app.patch(
    "/api/lorebooks/:id/entries",
    {
      config: OWN_WRITES,
      schema: {
        params: lorebookIdParamsSchema,
        body: lorebookBulkEnableBodySchema,
        response: { 200: lorebookDetailSchema },
      },
    },
    async (request) =>
      presentLorebook(
        await setLorebookEntriesEnabled(
          db,
          requireMember(request.auth),
          request.params.id,
          request.body.entry_ids,
          request.body.enabled,
        ),
      ),
  );

  app.put(
    "/api/lorebooks/:id/entries/:entryId",
    {
      config: OWN_WRITES,
      schema: {
        params: lorebookEntryParamsSchema,
        body: lorebookEntryBodySchema,
        response: { 200: lorebookEntryResultSchema },
      },
    },
    async (request) => {
      const { id, entryId } = request.params;
      const { row, entry } = await updateLorebookEntry(
        db,
        requireMember(request.auth),
        id,
        entryId,
        request.body,
      );
      return { lorebook: presentLorebook(row), entry };
    },
  );

  app.delete(
    "/api/lorebooks/:id/entries/:entryId",
    {
      config: OWN_WRITES,
      schema: { params: lorebookEntryParamsSchema, response: { 200: lorebookDetailSchema } },
    },
    async (request) => {
      const { id, entryId } = request.params;
      return presentLorebook(await deleteLorebookEntry(db, requireMember(request.auth), id, entryId));
    },
  );

  // Per chat -------------------------------------------------------------------------------------------

  app.get(
    "/api/conversations/:id/lorebooks",
    { config: READS, schema: { params: conversationParamsSchema, response: { 200: chatLorebooksSchema } } },
    async (request) => chatLorebooks(db, requireMember(request.auth), request.params.id),
  );

  app.put(
    "/api/conversations/:id/lorebooks/:lorebookId",
    {
      config: OWN_WRITES,
      schema: {
        params: chatLorebookParamsSchema,
        body: chatLorebookToggleBodySchema,
        response: { 200: chatLorebooksSchema },
      },
    },
    async (request) => {
      const { id, lorebookId } = request.params;
      return setChatLorebook(db, requireMember(request.auth), id, lorebookId, request.body.enabled);
    },
  );

  app.delete(
    "/api/conversations/:id/lorebooks/:lorebookId",
    {
      config: OWN_WRITES,
      schema: { params: chatLorebookParamsSchema, response: { 200: chatLorebooksSchema } },
    },
    async (request) => {
      const { id, lorebookId } = request.params;
      return detachChatLorebook(db, requireMember(request.auth), id, lorebookId);
    },
  );

  app.put(
    "/api/conversations/:id/character-book",
    {
      config: OWN_WRITES,
      schema: {
        params: conversationParamsSchema,
        body: chatLorebookToggleBodySchema,
        response: { 200: chatLorebooksSchema },
      },
    },
    async (request) =>
      setChatCharacterBook(db, requireMember(request.auth), request.params.id, request.body.enabled),
  );

  app.post(
    "/api/conversations/:id/lore-entries",
    {
      config: OWN_WRITES,
      schema: {
        params: conversationParamsSchema,
        body: chatLoreEntryBodySchema,
        response: { 201: chatLoreEntryResultSchema },
      },
    },
    async (request, reply) => {
      const { row, entry } = await addChatLoreEntry(
        db,
        requireMember(request.auth),
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ lorebook: presentLorebookSummary(row), entry });
    },
  );

  app.get(
    "/api/conversations/:id/prompt-report",
    {
      config: READS,
      schema: { params: conversationParamsSchema, response: { 200: promptReportResponseSchema } },
    },
    async (request) => {
      const member = requireMember(request.auth);
      return chatPromptReport(db, member, request.params.id, memberViewer(member, ctx.config));
    },
  );
}
