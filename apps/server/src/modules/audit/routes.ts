import { auditListQuerySchema, auditListSchema } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { ADMIN } from "../../kernel/route-access";
import { listAudit } from "./service";

export function registerAuditRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;
  app.get(
    "/api/admin/audit",
    {
      config: { access: ADMIN },
      schema: { querystring: auditListQuerySchema, response: { 200: auditListSchema } },
    },
    async (request) => listAudit(db, request.query),
  );
}
