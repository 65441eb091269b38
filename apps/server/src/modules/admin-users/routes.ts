import {
  adminRestrictionUpdateSchema,
  adminUserDetailSchema,
  adminUserIdParamsSchema,
  adminUserListSchema,
  adminUserSchema,
  adminUserSearchQuerySchema,
} from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { requireMember } from "../../kernel/auth-context";
import { ADMIN } from "../../kernel/route-access";
import { getMember, searchMembers, setRestriction } from "./service";

/** Admin user management: find a member, see their characters and reviews, restrict or lift. */
export function registerAdminUserRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get(
    "/api/admin/users",
    {
      config: { access: ADMIN },
      schema: { querystring: adminUserSearchQuerySchema, response: { 200: adminUserListSchema } },
    },
    async (request) => searchMembers(db, requireMember(request.auth), request.query.q),
  );

  app.get(
    "/api/admin/users/:id",
    {
      config: { access: ADMIN },
      schema: { params: adminUserIdParamsSchema, response: { 200: adminUserDetailSchema } },
    },
    async (request) => getMember(db, requireMember(request.auth), request.params.id),
  );

  app.put(
    "/api/admin/users/:id/restriction",
    {
      config: { access: ADMIN },
      schema: {
        params: adminUserIdParamsSchema,
        body: adminRestrictionUpdateSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => setRestriction(db, requireMember(request.auth), request.params.id, request.body),
  );
}
