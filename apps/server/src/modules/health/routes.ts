import { healthSchema } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { PUBLIC } from "../../kernel/route-access";
import { checkHealth } from "./service";

export function registerHealthRoutes(app: App, ctx: AppContext): void {
  app.get(
    "/api/health",
    { config: { access: PUBLIC }, schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const health = await checkHealth(ctx.database, ctx.llm, ctx.imageEngine?.api ?? null);
      const storage = ctx.config.s3 ? "s3" : "local";
      return reply
        .status(health.database.ok ? 200 : 503)
        .send({ ...health, images: { ...health.images, storage } });
    },
  );
}
