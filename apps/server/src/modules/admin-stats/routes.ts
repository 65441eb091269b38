import { adminStatsSchema } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { ADMIN } from "../../kernel/route-access";
import { getAdminStats } from "./service";

export function registerAdminStatsRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get(
    "/api/admin/stats",
    { config: { access: ADMIN }, schema: { response: { 200: adminStatsSchema } } },
    async () => getAdminStats(db),
  );
}
