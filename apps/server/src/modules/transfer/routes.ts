import {
  chatExportQuerySchema,
  chatImportBodySchema,
  chatImportResultSchema,
  conversationIdParamsSchema,
  TRANSFER_LIMITS,
  TRANSFER_RATE_LIMITS,
} from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { asDownload } from "../../http/download";
import { perSession } from "../../http/rate-limit";
import { requireMember } from "../../kernel/auth-context";
import { access, MEMBER } from "../../kernel/route-access";
import { memberViewer } from "../characters/index";
import { accountArchive } from "./archive";
import { exportConversation, importConversation } from "./service";

const CHATS = access(MEMBER, { permission: "view_chat" });

export function registerTransferRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;
  const viewer = (auth: Parameters<typeof requireMember>[0]) => memberViewer(requireMember(auth), ctx.config);

  app.get(
    "/api/conversations/:id/export",
    {
      config: {
        access: access(CHATS, { owner: true }),
        rateLimit: perSession(TRANSFER_RATE_LIMITS.export, "chat-export"),
      },
      schema: { params: conversationIdParamsSchema, querystring: chatExportQuerySchema },
    },
    // The file is sent as text, never serialized: see RESPONSE_SCHEMA_EXEMPTIONS.
    async (request, reply) => {
      const file = await exportConversation(db, viewer(request.auth), request.params.id, request.query);
      return asDownload(reply, file.filename, file.contentType).send(file.body);
    },
  );

  app.post(
    "/api/conversations/import",
    {
      config: { access: CHATS, rateLimit: perSession(TRANSFER_RATE_LIMITS.import, "chat-import") },
      // The file travels as a JSON string: escaped quotes can double its size.
      bodyLimit: TRANSFER_LIMITS.importMaxBytes * 2 + 64 * 1024,
      schema: { body: chatImportBodySchema, response: { 201: chatImportResultSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await importConversation(db, viewer(request.auth), request.body)),
  );

  app.get(
    "/api/account/export",
    {
      config: {
        access: access(MEMBER, { restricted: "allowed" }),
        rateLimit: perSession(TRANSFER_RATE_LIMITS.archive, "account-export"),
      },
    },
    // A zip written as it is read, never serialized: see RESPONSE_SCHEMA_EXEMPTIONS.
    async (request, reply) => {
      const archive = await accountArchive(ctx, viewer(request.auth), request.log);
      return asDownload(reply, archive.filename, "application/zip").send(archive.stream);
    },
  );
}
